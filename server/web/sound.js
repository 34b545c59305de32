// A short beep when the opponent moves (Web Audio: no sound file), and
// the toggle for it, remembered in the browser (localStorage).

const KEY = "rulebook.pref.sound";
let context = null;

/** How many beeps this page has played (the browser tests read it). */
export const played = { beeps: 0 };
window.rulebookSound = played;

export function soundOn() {
  return localStorage.getItem(KEY) !== "false";
}

export function setSound(on) {
  localStorage.setItem(KEY, String(Boolean(on)));
  if (on) unlock();
}

/** Browsers start audio only after a click: the first click prepares it. */
export function unlock() {
  try {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!context && Audio) context = new Audio();
    if (context && context.state === "suspended") context.resume();
  } catch {
    context = null;
  }
}

/** A soft two-tone beep (about 0.15 s), when sound is on. */
export function beep() {
  if (!soundOn()) return;
  played.beeps += 1;
  if (!context) return;
  try {
    const start = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.15);
    gain.connect(context.destination);
    const tone = context.createOscillator();
    tone.type = "sine";
    tone.frequency.setValueAtTime(880, start);
    tone.frequency.setValueAtTime(660, start + 0.07);
    tone.connect(gain);
    tone.start(start);
    tone.stop(start + 0.16);
  } catch {
    // no audio here: nothing to play
  }
}

document.addEventListener("pointerdown", unlock, { once: true, capture: true });
document.addEventListener("keydown", unlock, { once: true, capture: true });
