#include "replay/terminal.h"

#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ostream>
#include <string>

#include "core/exit_code.h"
#include "replay/screen.h"

namespace deedlog {
namespace {

// The terminal as we found it, put back on every way out (signals included).
termios g_saved;
volatile sig_atomic_t g_resized = 0;
constexpr const char kEnter[] = "\x1b[?1049h\x1b[?25l";       // the alternate screen, cursor hidden
constexpr const char kLeave[] = "\x1b[0m\x1b[?25h\x1b[?1049l";  // back to the user's screen

void write_all(const std::string& s) {
  std::size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(STDOUT_FILENO, s.data() + done, s.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return;
    }
    done += static_cast<std::size_t>(n);
  }
}

void restore_terminal() {
  (void)::write(STDOUT_FILENO, kLeave, sizeof(kLeave) - 1);
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &g_saved);
}

void on_fatal_signal(int sig) {
  restore_terminal();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void on_resize(int) { g_resized = 1; }

void terminal_size(int* cols, int* rows) {
  winsize ws{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
    *cols = ws.ws_col;
    *rows = ws.ws_row;
  } else {
    *cols = 80;
    *rows = 24;
  }
}

bool colour_wanted() {
  if (std::getenv("NO_COLOR")) return false;
  const char* term = std::getenv("TERM");
  return !(term && std::strcmp(term, "dumb") == 0);
}

// A byte read after an Escape that turned out not to start a sequence: the next key's.
int g_pending = -1;

// Waits for a byte; false on a resize (or error) with nothing read.
bool read_byte(unsigned char* c, int timeout_ms) {
  if (g_pending >= 0) {
    *c = static_cast<unsigned char>(g_pending);
    g_pending = -1;
    return true;
  }
  pollfd pfd{STDIN_FILENO, POLLIN, 0};
  const int n = ::poll(&pfd, 1, timeout_ms);
  if (n <= 0) return false;
  return ::read(STDIN_FILENO, c, 1) == 1;
}

// One key from the terminal's bytes: plain characters, and the escape sequences of the arrow,
// page and home/end keys (both the CSI and SS3 forms). A lone Escape is Escape.
bool read_key(Key* key) {
  unsigned char c = 0;
  if (!read_byte(&c, -1)) return false;
  switch (c) {
    case 3: *key = Key::special(Key::Code::Interrupt); return true;
    case '\r': case '\n': *key = Key::special(Key::Code::Enter); return true;
    case 127: case 8: *key = Key::special(Key::Code::Backspace); return true;
    case 27: break;
    default: *key = Key::of(static_cast<char>(c)); return true;
  }
  unsigned char c1 = 0;
  if (!read_byte(&c1, 40)) {
    *key = Key::special(Key::Code::Escape);
    return true;
  }
  if (c1 != '[' && c1 != 'O') {
    g_pending = c1;  // Escape, then a key of its own
    *key = Key::special(Key::Code::Escape);
    return true;
  }
  std::string params;
  unsigned char f = 0;
  while (read_byte(&f, 40)) {
    if (f >= 0x40 && f <= 0x7E) break;
    params += static_cast<char>(f);
    f = 0;
  }
  switch (f) {
    case 'A': *key = Key::special(Key::Code::Up); return true;
    case 'B': *key = Key::special(Key::Code::Down); return true;
    case 'C': *key = Key::special(Key::Code::Right); return true;
    case 'D': *key = Key::special(Key::Code::Left); return true;
    case 'H': *key = Key::special(Key::Code::Home); return true;
    case 'F': *key = Key::special(Key::Code::End); return true;
    case '~':
      if (params == "5") { *key = Key::special(Key::Code::PageUp); return true; }
      if (params == "6") { *key = Key::special(Key::Code::PageDown); return true; }
      if (params == "1" || params == "7") { *key = Key::special(Key::Code::Home); return true; }
      if (params == "4" || params == "8") { *key = Key::special(Key::Code::End); return true; }
      break;
    default: break;
  }
  return false;  // a sequence we do not use
}

}  // namespace

bool replay_on_terminal() { return ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO); }

int run_interactive_replay(const Timeline& timeline, std::int64_t start, std::ostream& err) {
  if (!replay_on_terminal()) {
    err << "replay: --interactive needs a terminal; without one use --format text|json|notation, --html, --svg or --plot\n";
    return kExitUsage;
  }
  if (::tcgetattr(STDIN_FILENO, &g_saved) != 0) {
    err << "replay: cannot read the terminal's settings: " << std::strerror(errno) << "\n";
    return kExitFailure;
  }
  termios raw = g_saved;
  raw.c_lflag &= static_cast<tcflag_t>(~(ICANON | ECHO | ISIG | IEXTEN));
  raw.c_iflag &= static_cast<tcflag_t>(~(IXON | ICRNL));
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw);
  struct sigaction resize{};
  resize.sa_handler = on_resize;
  ::sigaction(SIGWINCH, &resize, nullptr);  // no SA_RESTART: poll() wakes up to redraw
  for (int sig : {SIGTERM, SIGHUP, SIGQUIT}) ::signal(sig, on_fatal_signal);
  write_all(kEnter);

  const bool colour = colour_wanted();
  ReplayController ctl(timeline, start);
  while (!ctl.quit()) {
    g_resized = 0;
    int cols = 80, rows = 24;
    terminal_size(&cols, &rows);
    const Canvas frame = render_screen(ctl, cols, rows);
    std::string out;
    for (int y = 0; y < frame.height(); ++y) out += fmt::format("\x1b[{};1H", y + 1) + frame.ansi_row(y, colour) + "\x1b[K";
    write_all(out);
    Key key;
    while (!read_key(&key)) {
      if (g_resized) break;
      // EOF or an error on the terminal: stop rather than spin.
      pollfd pfd{STDIN_FILENO, POLLIN, 0};
      if (::poll(&pfd, 1, 0) > 0 && (pfd.revents & (POLLHUP | POLLERR | POLLNVAL))) {
        restore_terminal();
        return kExitOk;
      }
    }
    if (g_resized) continue;
    ctl.on_key(key);
  }
  restore_terminal();
  return kExitOk;
}

}  // namespace deedlog
