"""A GTP engine process for the match runners (`tools/hex_match.py`): start, send a command, read its answer
with a timeout, restart after a crash or a hang (Python 3 standard library only).

GTP 2 framing (<https://www.lysator.liu.se/~gunnar/gtp/gtp2-spec-draft2/gtp2-spec.html> §2.5–2.6): an answer
is `= result` or `? message` (possibly over several lines), ended by an empty line. Lines before the `=`/`?`
(some engines print noise) are skipped.
"""
import os, queue, shlex, signal, subprocess, threading, time


class EngineDead(RuntimeError):
    """The engine exited (or could not be started); the message names it and its exit status."""


class EngineTimeout(RuntimeError):
    """The engine gave no complete answer in time."""


class GtpEngine:
    """One GTP engine process, started from a shell-like command line (split with shlex, run without a shell).

    label: a name for messages; stderr_path: a file for the engine's stderr (appended; default discarded).
    `command(text, timeout)` returns (ok, answer text) or raises EngineDead / EngineTimeout; after either,
    `restart()` gives a fresh process (the caller sends boardsize/clear_board/setup again).
    """

    def __init__(self, cmd, label, stderr_path=None, cwd=None):
        self.cmd, self.label, self.stderr_path, self.cwd = cmd, label, stderr_path, cwd
        self.p = None
        self.restarts = 0
        self.start()

    def start(self):
        try:
            argv = shlex.split(self.cmd)
        except ValueError as e:
            raise EngineDead(f'{self.label}: cannot parse the command line {self.cmd!r}: {e}')
        if not argv:
            raise EngineDead(f'{self.label}: empty command line')
        err = open(self.stderr_path, 'a') if self.stderr_path else subprocess.DEVNULL
        try:
            # Its own session: Ctrl-C reaches only the runner, and a kill reaches the engine's children too.
            self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True,
                                      bufsize=1, cwd=self.cwd, start_new_session=True)
        except OSError as e:
            raise EngineDead(f'{self.label}: cannot start {argv[0]!r}: {e}')
        finally:
            if err is not subprocess.DEVNULL:
                err.close()
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.p, self.lines), daemon=True).start()

    @staticmethod
    def _read(p, lines):
        try:
            for line in p.stdout:
                lines.put(line.rstrip('\r\n'))
        except (OSError, ValueError):
            pass
        lines.put(None)

    def _exit_text(self):
        code = self.p.poll()
        if code is None:
            return 'closed its output'
        return f'exited with status {code}' if code >= 0 else f'was killed by signal {-code}'

    def command(self, text, timeout):
        """Sends one command; returns (True, result) for `=`, (False, message) for `?`.

        timeout: seconds for the whole answer. Raises EngineDead if the process is gone, EngineTimeout if the
        answer is not complete in time (the engine is then in an unknown state: restart it)."""
        try:
            self.p.stdin.write(text + '\n')
            self.p.stdin.flush()
        except (OSError, ValueError):
            raise EngineDead(f'{self.label} {self._exit_text()} (writing {text!r})')
        end = time.monotonic() + timeout
        status, body = None, []
        while True:
            try:
                line = self.lines.get(timeout=max(0.001, end - time.monotonic()))
            except queue.Empty:
                raise EngineTimeout(f'{self.label} gave no answer to {text!r} within {timeout:.1f} s')
            if line is None:
                time.sleep(0.05)
                raise EngineDead(f'{self.label} {self._exit_text()} (after {text!r})')
            if status is None:
                if line[:1] in ('=', '?'):
                    status = line[0]
                    # Skip an optional numeric id after the status character.
                    rest = line[1:]
                    first = rest.lstrip()
                    word = first.split(' ', 1)[0]
                    if rest[:1].isdigit():
                        first = first[len(word):].lstrip()
                    body.append(first)
                continue
            if line.strip() == '':
                return status == '=', '\n'.join(body).strip()
            body.append(line)

    def kill(self):
        """Ends the process at once (its whole process group)."""
        if self.p and self.p.poll() is None:
            try:
                os.killpg(self.p.pid, signal.SIGKILL)
            except OSError:
                self.p.kill()
            try:
                self.p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass

    def restart(self):
        self.kill()
        self.restarts += 1
        self.start()

    def quit(self):
        """Sends `quit` and waits a little, then kills it if still running."""
        if self.p and self.p.poll() is None:
            try:
                self.command('quit', 3)
                self.p.wait(timeout=3)
            except (EngineDead, EngineTimeout, subprocess.TimeoutExpired):
                pass
        self.kill()
