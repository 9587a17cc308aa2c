/*
 * The C side of DatebookCurses: ncursesw with its wide-character API, plus the few things
 * Swift cannot import by itself (function-like macros, attribute and mouse-mask macros,
 * the C globals stdscr/curscr/LINES/COLS/COLOR_PAIRS) and the signal handlers that put
 * the terminal back when the program is interrupted or crashes.
 *
 * NCURSES_WIDECHAR alone turns on ncurses' wide-character API (get_wch, cchar_t, setcchar).
 * No glibc feature macro (_XOPEN_SOURCE, _DEFAULT_SOURCE…) is set here: they change how
 * glibc's headers define shared structs (fd_set's field is `fds_bits` under X/Open,
 * `__fds_bits` otherwise), and a module that also sees Foundation or Dispatch then fails with
 * "'__fds_bits' from module 'CDispatch' is not present in definition of 'fd_set' in module
 * 'CNCurses'" — depending on build order, so a clean build may fail where an incremental one
 * passed. The one X/Open function needed, wcwidth, is declared below instead.
 */
#ifndef DATEBOOK_CNCURSES_SHIM_H
#define DATEBOOK_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <ncurses.h>

/* X/Open, not declared by <wchar.h> without _XOPEN_SOURCE. */
extern int wcwidth(wchar_t c);

/* MARK: - Globals Swift 6 refuses to touch */

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_colors(void) { return COLORS; }
static inline FILE *cn_stdout(void) { return stdout; }
static inline FILE *cn_stdin(void) { return stdin; }

/* MARK: - Attributes */

static inline attr_t cn_attr_bold(void) { return A_BOLD; }
static inline attr_t cn_attr_dim(void) { return A_DIM; }
static inline attr_t cn_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cn_attr_underline(void) { return A_UNDERLINE; }

/* MARK: - Keys and mouse */

static inline int cn_key_f(int n) { return KEY_F(n); }

static inline mmask_t cn_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cn_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }

/* MARK: - Terminal capabilities */

/* A terminfo string capability, or NULL when the terminal lacks it (tigetstr's -1 too). */
static inline const char *cn_string_capability(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

/* A capability with one numeric parameter filled in (tiparm is variadic, so not importable). */
static inline const char *cn_capability_with_parameter(const char *capability, int parameter) {
    return tiparm(capability, parameter);
}

/* MARK: - Signals the terminal depends on */

/* Unblocks the signals a full-screen program relies on: the keys that quit or suspend,
 * SIGWINCH for resizes, and the crash signals. A parent may have left them blocked (a
 * process started from a thread that blocks signals inherits its mask), and then Ctrl-C
 * would do nothing and resizes would go unnoticed. */
static inline int cn_unblock_terminal_signals(void) {
    const int signals[] = {
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH,
        SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP
    };
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaddset(&set, signals[i]);
    return sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/* MARK: - Restoring the terminal from a signal handler
 *
 * Everything below runs inside signal handlers, so it only uses async-signal-safe calls:
 * write(2), tcsetattr(3), sigaction(2), raise(3), _exit(2). The bytes that undo the
 * screen modes (attributes, keypad, mouse, cursor, alternate screen) are worked out
 * beforehand, while the program is running normally.
 *
 * Swift emits the bodies of the inline functions it calls but never the definitions of a
 * header's global variables (the link fails with "undefined reference"), so the state lives
 * in a function-local static. Each object file that calls these functions gets its own copy
 * of it: call them from one Swift file only (TerminalRestorer.swift).
 */

#define CN_RESTORE_BYTES_MAX 512
#define CN_QUIT_SIGNAL_COUNT 3
#define CN_CRASH_SIGNAL_COUNT 7

struct cn_restore_state {
    struct termios modes;
    int modes_fd;
    char bytes[CN_RESTORE_BYTES_MAX];
    size_t length;
    volatile sig_atomic_t armed;
    int exit_handler_registered;
    struct sigaction previous_crash_actions[CN_CRASH_SIGNAL_COUNT];
};

static inline struct cn_restore_state *cn_restore_state(void) {
    static struct cn_restore_state state = { .modes_fd = -1 };
    return &state;
}

/* SIGINT, SIGTERM, SIGHUP: restore, then exit with 128 + the signal number. */
static inline int cn_quit_signal(size_t index) {
    static const int signals[CN_QUIT_SIGNAL_COUNT] = { SIGINT, SIGTERM, SIGHUP };
    return signals[index];
}

/* Crashes, and SIGQUIT (Ctrl-\): restore, then let the signal do what it did before. */
static inline int cn_crash_signal(size_t index) {
    static const int signals[CN_CRASH_SIGNAL_COUNT] = {
        SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT
    };
    return signals[index];
}

/* Writes the restore bytes and puts back the saved terminal modes, once. */
static void cn_restore_now(void) {
    struct cn_restore_state *state = cn_restore_state();
    if (!state->armed) return;
    state->armed = 0;
    size_t done = 0;
    while (done < state->length) {
        ssize_t n = write(STDOUT_FILENO, state->bytes + done, state->length - done);
        if (n <= 0) break;
        done += (size_t)n;
    }
    if (state->modes_fd >= 0) tcsetattr(state->modes_fd, TCSANOW, &state->modes);
}

static void cn_quit_handler(int signal_number) {
    cn_restore_now();
    _exit(128 + signal_number);
}

static void cn_crash_handler(int signal_number, siginfo_t *info, void *context) {
    cn_restore_now();
    /* From here on, this signal ends the process with its default action. */
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    sigemptyset(&fallback.sa_mask);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal_number, &fallback, NULL);
    /* Whoever had the signal before (the Swift runtime's backtracer, which prints the crash
     * report) still gets it, called directly: it would merely return for a signal that is
     * not a real fault, and a process sent SIGSEGV by kill(1) would carry on. */
    for (size_t i = 0; i < CN_CRASH_SIGNAL_COUNT; i++) {
        if (cn_crash_signal(i) != signal_number) continue;
        struct sigaction previous = cn_restore_state()->previous_crash_actions[i];
        if (previous.sa_flags & SA_SIGINFO) {
            if (previous.sa_sigaction != NULL) previous.sa_sigaction(signal_number, info, context);
        } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
            previous.sa_handler(signal_number);
        }
    }
    sigaction(signal_number, &fallback, NULL);
    /* A fault raised by the kernel happens again when this handler returns; a signal sent
     * by kill(2) or raise(3) has to be sent again. Either way the default action ends it. */
    if (info == NULL || info->si_code <= 0) raise(signal_number);
}

static void cn_restore_at_exit(void) { cn_restore_now(); }

/* Remembers the current terminal modes of `fd` as the ones to put back. Call before newterm. */
static inline int cn_save_modes(int fd) {
    struct cn_restore_state *state = cn_restore_state();
    if (tcgetattr(fd, &state->modes) != 0) return -1;
    state->modes_fd = fd;
    return 0;
}

/* Arms the restore with the bytes that undo the screen modes, and installs the handlers. */
static inline int cn_arm_restore(const char *bytes, size_t length) {
    struct cn_restore_state *state = cn_restore_state();
    if (length > CN_RESTORE_BYTES_MAX) length = CN_RESTORE_BYTES_MAX;
    state->armed = 0;
    if (length > 0) memcpy(state->bytes, bytes, length);
    state->length = length;

    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < CN_QUIT_SIGNAL_COUNT; i++) sigaddset(&action.sa_mask, cn_quit_signal(i));
    action.sa_handler = cn_quit_handler;
    for (size_t i = 0; i < CN_QUIT_SIGNAL_COUNT; i++) {
        if (sigaction(cn_quit_signal(i), &action, NULL) != 0) return -1;
    }

    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_sigaction = cn_crash_handler;
    action.sa_flags = SA_SIGINFO;
    for (size_t i = 0; i < CN_CRASH_SIGNAL_COUNT; i++) {
        if (sigaction(cn_crash_signal(i), &action, &state->previous_crash_actions[i]) != 0) return -1;
    }

    if (!state->exit_handler_registered) {
        if (atexit(cn_restore_at_exit) != 0) return -1;
        state->exit_handler_registered = 1;
    }
    state->armed = 1;
    return 0;
}

/* After a normal endwin: the handlers go back to what they were, with nothing left to undo. */
static inline void cn_disarm_restore(void) {
    struct cn_restore_state *state = cn_restore_state();
    state->armed = 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = SIG_DFL;
    for (size_t i = 0; i < CN_QUIT_SIGNAL_COUNT; i++) sigaction(cn_quit_signal(i), &action, NULL);
    for (size_t i = 0; i < CN_CRASH_SIGNAL_COUNT; i++) {
        sigaction(cn_crash_signal(i), &state->previous_crash_actions[i], NULL);
    }
}

#endif
