#define _GNU_SOURCE
#include "CTerminalRescue.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved_termios;
static int saved_fd = -1;
static volatile sig_atomic_t rescued = 0;

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define FATAL_COUNT (sizeof(fatal_signals) / sizeof(fatal_signals[0]))
static struct sigaction previous[FATAL_COUNT];

int sb_rescue_save_terminal(int fd) {
    if (!isatty(fd) || tcgetattr(fd, &saved_termios) != 0) return -1;
    saved_fd = fd;
    return 0;
}

void sb_rescue_restore(void) {
    if (saved_fd < 0) return;
    // Reset attributes, show the cursor, leave the alternate screen: only
    // async-signal-safe calls, because this also runs from a crash handler.
    static const char seq[] = "\033[0m\033[?25h\033[?1049l\r\n";
    ssize_t ignored = write(saved_fd, seq, sizeof(seq) - 1);
    (void)ignored;
    tcsetattr(saved_fd, TCSAFLUSH, &saved_termios);
}

static void on_fatal(int sig) {
    if (!rescued) {
        rescued = 1;
        sb_rescue_restore();
    }
    for (unsigned i = 0; i < FATAL_COUNT; i++) {
        if (fatal_signals[i] == sig) {
            sigaction(sig, &previous[i], NULL);
            break;
        }
    }
    // A synchronous fault re-executes the faulting instruction on return and
    // reaches the previous handler; abort() and raise() need a new raise.
    if (sig == SIGABRT || sig == SIGTRAP) raise(sig);
}

void sb_rescue_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = on_fatal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_NODEFER;
    for (unsigned i = 0; i < FATAL_COUNT; i++) {
        sigaction(fatal_signals[i], &action, &previous[i]);
    }
}

static volatile sig_atomic_t quit_signal = 0;
static int quit_pipe[2] = {-1, -1};

static void on_quit(int sig) {
    quit_signal = sig;
    if (quit_pipe[1] >= 0) {
        int saved_errno = errno;
        ssize_t ignored = write(quit_pipe[1], "q", 1);
        (void)ignored;
        errno = saved_errno;
    }
}

void sb_quit_signals_install(void) {
    if (quit_pipe[0] < 0 && pipe2(quit_pipe, O_NONBLOCK | O_CLOEXEC) != 0) {
        quit_pipe[0] = quit_pipe[1] = -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = on_quit;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

int sb_quit_signal_take(void) {
    int sig = quit_signal;
    quit_signal = 0;
    if (quit_pipe[0] >= 0) {
        char drain[16];
        while (read(quit_pipe[0], drain, sizeof(drain)) > 0) {}
    }
    return sig;
}

int sb_quit_signal_fd(void) { return quit_pipe[0]; }

void sb_block_winch(void) {
    // Start from an empty mask: a parent (a test runner, a supervisor) may
    // have left INT/TERM/HUP blocked, and then no quit signal would arrive.
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGWINCH);
    pthread_sigmask(SIG_SETMASK, &block, NULL);
}
