// The server's HTTP and WebSocket API (server/README.md, "API", and the
// OpenAPI document the server serves at /api/openapi.json): thin wrappers,
// no framework. Every call resolves to parsed JSON or rejects with an
// ApiError carrying the server's `{"error": {"code", "message"}}`.

/** An error answer of the server, or a network failure (code "network"). */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * One request to the server: `body` sent as JSON, `token` as a bearer token
 * (the session cookie goes along by itself: same origin). Resolves to the
 * parsed JSON (the text with `text`, null for 204); rejects with ApiError.
 */
export async function call(method, path, { body, token, text } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    throw new ApiError(0, "network", `The server cannot be reached (${error.message}).`);
  }
  if (!response.ok) {
    let code = `http_${response.status}`;
    let message = `The server answered ${response.status} ${response.statusText}.`;
    try {
      const data = await response.json();
      if (data && data.error) {
        code = data.error.code || code;
        message = data.error.message || message;
      }
    } catch {
      // not JSON: keep the status line
    }
    throw new ApiError(response.status, code, message);
  }
  if (text) return response.text();
  if (response.status === 204) return null;
  return response.json();
}

export const api = {
  catalog: () => call("GET", "/api/catalog"),
  create: (spec) => call("POST", "/api/games", { body: spec }),
  // With an invitation token: claims the seat that token was made for.
  join: (id, token) => call("POST", `/api/games/${encodeURIComponent(id)}/join`, { body: {}, token }),
  // The seat of a token: { seat, taken }, or ApiError 403 when the token is no seat's.
  seat: (id, token) => call("GET", `/api/games/${encodeURIComponent(id)}/seat`, { token }),
  list: (open) => call("GET", open ? "/api/games?open=true" : "/api/games"),
  state: (id, token) => call("GET", `/api/games/${encodeURIComponent(id)}`, { token }),
  move: (id, token, move) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/moves`, { token, body: { move } }),
  draw: (id, token, action) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/draw`, { token, body: { action } }),
  resign: (id, token) => call("POST", `/api/games/${encodeURIComponent(id)}/resign`, { token, body: {} }),
  claim: (id, token, result) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/claim`, { token, body: { result } }),
  undo: (id, token, action) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/undo`, { token, body: { action } }),
  recordUrl: (id) => `/api/games/${encodeURIComponent(id)}/record`,
  // After the end: offer, accept or decline a rematch (the state's `rematch.game` names the new game).
  rematch: (id, token, action) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/rematch`, { token, body: { action } }),
  // The game's chat: { messages: [{ seq, seat, text, at }] }, and a player's message.
  chat: (id, after = 0) => call("GET", `/api/games/${encodeURIComponent(id)}/chat${after ? `?after=${after}` : ""}`),
  say: (id, token, text) => call("POST", `/api/games/${encodeURIComponent(id)}/chat`, { token, body: { text } }),
};

/**
 * The game's WebSocket, reconnecting with back-off. `onMessage` gets every
 * parsed message, `onStatus` "open" / "closed"; `hello()` (optional) gives a
 * message to send on every (re)connection (the seat's token, so the server
 * knows the player is here). Returns { close(), isOpen(), send(message) }.
 */
export function liveEvents(id, onMessage, onStatus, hello = () => null) {
  return liveSocket(`/api/games/${encodeURIComponent(id)}/events`, onMessage, onStatus, hello);
}

/** A WebSocket of the server at `path`, reconnecting with back-off (as liveEvents). */
export function liveSocket(path, onMessage, onStatus, hello = () => null) {
  let socket = null;
  let closed = false;
  let delay = 250;
  let ping = null;
  let retry = null;
  const url = () => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}${path}`;
  };
  const connect = () => {
    if (closed) return;
    try {
      socket = new WebSocket(url());
    } catch {
      schedule();
      return;
    }
    socket.addEventListener("open", () => {
      delay = 250;
      const greeting = hello();
      if (greeting) socket.send(JSON.stringify(greeting));
      onStatus("open");
      ping = setInterval(() => {
        if (socket && socket.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}');
      }, 20000);
    });
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      onMessage(data);
    });
    socket.addEventListener("close", () => {
      clearInterval(ping);
      socket = null;
      if (!closed) {
        onStatus("closed");
        schedule();
      }
    });
    socket.addEventListener("error", () => {
      // "close" follows and reconnects
    });
  };
  const schedule = () => {
    clearTimeout(retry);
    retry = setTimeout(connect, delay);
    delay = Math.min(delay * 2, 4000);
  };
  connect();
  return {
    close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      if (socket) socket.close();
    },
    isOpen: () => socket !== null && socket.readyState === WebSocket.OPEN,
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
  };
}
