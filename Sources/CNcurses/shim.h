#ifndef SWITCHBOARD_CNCURSES_SHIM_H
#define SWITCHBOARD_CNCURSES_SHIM_H

// The wide-character API (get_wch, setcchar, mvadd_wchnstr) is only declared
// when this is set before <ncurses.h>; SwiftPM drops pkg-config's -D flags.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <ncurses.h>
#include <locale.h>
#include <langinfo.h>
#include <poll.h>
#include <signal.h>
#include <wchar.h>

// C globals and function-like attribute macros do not import into Swift 6
// cleanly; these accessors give strict concurrency a function to call.
static inline WINDOW *sb_stdscr(void) { return stdscr; }
static inline int sb_lines(void) { return LINES; }
static inline int sb_cols(void) { return COLS; }
static inline attr_t sb_attr_bold(void) { return A_BOLD; }
static inline attr_t sb_attr_reverse(void) { return A_REVERSE; }
static inline attr_t sb_attr_dim(void) { return A_DIM; }
static inline attr_t sb_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t sb_attr_normal(void) { return A_NORMAL; }
static inline int sb_key_resize(void) { return KEY_RESIZE; }
static inline int sb_key_mouse(void) { return KEY_MOUSE; }
static inline mmask_t sb_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t sb_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t sb_wheel_up(void) { return BUTTON4_PRESSED; }
static inline mmask_t sb_wheel_down(void) { return BUTTON5_PRESSED; }

// ppoll is not visible through Swift's Glibc module.
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *tmo_p, const sigset_t *sigmask);

#endif
