// One game's WebSocket (docs/web-protocol.md): says `hello` with the key and the last `seq`
// seen, hands every message on, and when the socket drops tells so and connects again a
// second later, asking only for what it missed.

export class Connection {
  // `hello()` → the hello message to send (with the `since` of the moment);
  // `onMessage(message)`, `onLost()` are called as things happen.
  constructor({ hello, onMessage, onLost }) {
    this.hello = hello; this.onMessage = onMessage; this.onLost = onLost; this.closed = false;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify(this.hello()));
    ws.onmessage = (e) => { if (this.ws === ws) this.onMessage(JSON.parse(e.data)); };
    ws.onclose = () => {
      if (this.closed || this.ws !== ws) return;
      this.onLost();
      setTimeout(() => { if (!this.closed && this.ws === ws) this.open(); }, 1000);
    };
  }

  // Sends `message` if the socket is open; false when it could not be sent.
  send(message) {
    if (this.ws && this.ws.readyState === 1) { this.ws.send(JSON.stringify(message)); return true; }
    return false;
  }

  // Drops the socket so that it reconnects (a new language is said in the new `hello`).
  restart() { this.ws.close(); }

  close() { this.closed = true; if (this.ws) this.ws.close(); }
}
