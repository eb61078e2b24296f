// The game's WebSocket: opens, says hello, and reopens with growing delays when it drops.

const FIRST_DELAY_MS = 500;
const LONGEST_DELAY_MS = 10000;
const PING_EVERY_MS = 25000;

export function socketUrl(gameId) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/games/${encodeURIComponent(gameId)}`;
}

export class GameSocket {
  // hello(): the first message to send on every (re)connection; onMessage(message); onStatus(text)
  // with "connecting", "open" or "closed".
  constructor(url, { hello, onMessage, onStatus }) {
    this.url = url;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.socket = null;
    this.failures = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.stopped = false;
    window.addEventListener("online", () => {
      if (!this.socket) this.reconnectNow(); // back online while waiting to retry: retry now
    });
  }

  start() {
    this.stopped = false;
    this.open();
  }

  // No more reconnecting (the game does not exist, or the page is leaving).
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.socket) this.socket.close();
  }

  // The server answered hello: the next drop starts again from the shortest delay.
  welcomed() {
    this.failures = 0;
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  // Drop the current connection and open a new one (a new hello, e.g. without a refused token).
  reconnectNow() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) {
      this.socket.onclose = null;
      this.socket.close();
    }
    this.open();
  }

  open() {
    this.onStatus("connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.onStatus("open");
      socket.send(JSON.stringify(this.hello()));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_EVERY_MS);
    };
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not ours to understand; the server only sends JSON
      }
      if (message && typeof message === "object") this.onMessage(message);
    };
    socket.onclose = () => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket) return;
      this.socket = null;
      this.onStatus("closed");
      if (!this.stopped) this.retryLater();
    };
  }

  retryLater() {
    const base = Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** this.failures);
    this.failures += 1;
    const jitter = base * 0.3 * Math.random(); // spread many pages' reconnects after a restart
    this.retryTimer = setTimeout(() => this.open(), base + jitter);
  }
}
