// The game's chat panel: the players write, spectators read. Every
// message is TEXT: it is put on the page with textContent (never
// innerHTML), so markup in a message shows as the characters typed and
// never runs.

import { api } from "./api.js";

/** The longest message the server takes (characters). */
export const MAX_CHAT_CHARS = 500;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export class ChatPanel {
  /**
   * `id`: the game; `player()`: { token, seat } of this page's player, or
   * null for a spectator; `seatTitle(seat)`: a seat's name for people.
   */
  constructor(id, { player, seatTitle }) {
    this.id = id;
    this.player = player;
    this.seatTitle = seatTitle;
    this.seen = new Map(); // seq -> message
    this.element = el("section", "chat");
    this.element.setAttribute("aria-label", "chat");
    this.element.dataset.testid = "chat";
    this.log = el("ol", "chat-log");
    this.log.dataset.testid = "chat-log";
    this.log.setAttribute("aria-live", "polite");
    this.input = el("input");
    Object.assign(this.input, { type: "text", maxLength: MAX_CHAT_CHARS, autocomplete: "off", placeholder: "Say something to your opponent" });
    this.input.setAttribute("aria-label", "chat message");
    this.input.dataset.testid = "chat-input";
    const send = el("button", null, "Send");
    send.type = "submit";
    this.form = el("form", "chat-form");
    this.form.append(this.input, send);
    this.error = el("p", "chat-error");
    this.error.dataset.testid = "chat-error";
    this.note = el("p", "chat-note", "Only the players write here; you read along.");
    this.element.append(el("h3", null, "Chat"), this.log, this.form, this.note, this.error);
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.send();
    });
    this.update();
  }

  /** Shows the form to a player, the note to a spectator. */
  update() {
    const player = this.player();
    this.form.hidden = !player;
    this.note.hidden = Boolean(player);
  }

  /** Reads the whole chat (on load, and whenever the socket is live again). */
  async load() {
    try {
      const { messages } = await api.chat(this.id);
      for (const message of messages || []) this.add(message);
    } catch {
      // the next (re)connection reads it again
    }
  }

  /** A message from the server (the chat's list or a push), shown once. */
  add(message) {
    if (!message || typeof message.seq !== "number" || this.seen.has(message.seq)) return;
    this.seen.set(message.seq, message);
    const item = el("li", "chat-message");
    item.dataset.seq = String(message.seq);
    const mine = this.player() && this.player().seat === message.seat;
    if (mine) item.classList.add("mine");
    item.append(el("span", "chat-who", `${this.seatTitle(String(message.seat))}${mine ? " (you)" : ""}: `), el("span", "chat-text", String(message.text)));
    // In seq order, whatever order they arrived in.
    const after = [...this.log.children].find((node) => Number(node.dataset.seq) > message.seq);
    this.log.insertBefore(item, after || null);
    this.log.scrollTop = this.log.scrollHeight;
  }

  /**
   * Sends what was typed. The text leaves the input at once (what is typed
   * next is kept, not cleared by this answer), and messages go one after
   * the other, in the order typed: sent at once, they could reach the
   * server, and be numbered, in another order. On a refusal the text
   * comes back to an empty input.
   */
  send() {
    const player = this.player();
    const text = this.input.value.trim();
    if (!player || !text) return this.sending;
    this.input.value = "";
    this.error.textContent = "";
    this.sending = (this.sending || Promise.resolve()).then(async () => {
      try {
        this.add(await api.say(this.id, player.token, text));
      } catch (error) {
        this.error.textContent = error.message;
        if (!this.input.value) this.input.value = text;
      }
    });
    return this.sending;
  }
}
