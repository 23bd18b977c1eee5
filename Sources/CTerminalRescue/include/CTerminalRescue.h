#ifndef SWITCHBOARD_TERMINAL_RESCUE_H
#define SWITCHBOARD_TERMINAL_RESCUE_H

/// Saves the terminal state of `fd` so that a crash on any thread can put it
/// back. Returns 0 on success, -1 if `fd` is not a terminal.
int sb_rescue_save_terminal(int fd);

/// Installs handlers for fatal signals (SEGV, BUS, ILL, FPE, ABRT, TRAP) that
/// restore the saved terminal, leave the alternate screen, show the cursor,
/// and then hand the signal on to whatever handler was installed before.
void sb_rescue_install(void);

/// Restores the saved terminal state now (used on ordinary exits as a last
/// line of defence after endwin).
void sb_rescue_restore(void);

/// Signal bookkeeping for the screen loop: handlers for INT, TERM and HUP set
/// a flag instead of killing the process, so the loop can restore the
/// terminal and shut the server down before exiting.
void sb_quit_signals_install(void);
/// The last quit signal received (SIGINT, SIGTERM, SIGHUP), or 0; clears it.
int sb_quit_signal_take(void);
/// A file descriptor that becomes readable when a quit signal arrives.
int sb_quit_signal_fd(void);

/// Sets the calling thread's mask to block SIGWINCH only (call before any
/// thread starts, so every thread inherits it).
void sb_block_winch(void);

#endif
