// Sound effects made on the spot with WebAudio: no files to load. Off by default; one switch
// in the header turns them on (remembered in localStorage `sb.sound`). Each effect is a few
// oscillators and a burst of filtered noise with an envelope.
//
// play(name) plays one of EFFECTS when sound is on; the name last played is also written to
// `document.body.dataset.sound` with a count (`hit 3`), so that tests can tell it was asked.

let context = null;
let played = 0;

export const soundOn = () => localStorage.getItem("sb.sound") === "on";
export function setSound(on) { localStorage.setItem("sb.sound", on ? "on" : "off"); }

function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === "suspended") context.resume();
  return context;
}

// A tone gliding from `from` to `to` Hz over `length` seconds, starting `at` seconds from now.
function tone(ac, { from, to = from, length, at = 0, type = "sine", volume = 0.2 }) {
  const start = ac.currentTime + at, osc = ac.createOscillator(), gain = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(from, start);
  osc.frequency.exponentialRampToValueAtTime(to, start + length);
  gain.gain.setValueAtTime(volume, start);
  gain.gain.exponentialRampToValueAtTime(0.001, start + length);
  osc.connect(gain).connect(ac.destination);
  osc.start(start); osc.stop(start + length);
}

// White noise through a low-pass filter: a splash (high cut-off) or a blast (low).
function noise(ac, { length, cutoff, at = 0, volume = 0.4 }) {
  const start = ac.currentTime + at, frames = Math.floor(ac.sampleRate * length);
  const buffer = ac.createBuffer(1, frames, ac.sampleRate), data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
  const source = ac.createBufferSource(), filter = ac.createBiquadFilter(), gain = ac.createGain();
  source.buffer = buffer; filter.type = "lowpass"; filter.frequency.value = cutoff;
  gain.gain.setValueAtTime(volume, start);
  gain.gain.exponentialRampToValueAtTime(0.001, start + length);
  source.connect(filter).connect(gain).connect(ac.destination);
  source.start(start);
}

const EFFECTS = {
  miss: (ac) => { noise(ac, { length: 0.35, cutoff: 2500, volume: 0.25 }); tone(ac, { from: 600, to: 200, length: 0.25, volume: 0.05 }); },
  hit: (ac) => { noise(ac, { length: 0.5, cutoff: 700 }); tone(ac, { from: 160, to: 50, length: 0.4, type: "triangle", volume: 0.3 }); },
  sunk: (ac) => {
    noise(ac, { length: 0.9, cutoff: 500, volume: 0.5 });
    tone(ac, { from: 120, to: 35, length: 1.0, type: "sawtooth", volume: 0.15 });
    noise(ac, { length: 0.6, cutoff: 1800, at: 0.5, volume: 0.15 });  // the water closing over it
  },
  won: (ac) => [523, 659, 784, 1047].forEach((f, i) => tone(ac, { from: f, length: 0.3, at: i * 0.14, type: "triangle", volume: 0.15 })),
  lost: (ac) => [392, 330, 262].forEach((f, i) => tone(ac, { from: f, to: f * 0.97, length: 0.4, at: i * 0.22, type: "triangle", volume: 0.15 })),
};

export function play(name) {
  if (!soundOn() || !EFFECTS[name]) return;
  played += 1;
  document.body.dataset.sound = `${name} ${played}`;
  // A page without sound (no audio device, a browser that refuses) plays on in silence.
  try { const ac = audio(); if (ac) EFFECTS[name](ac); } catch { /* nothing to hear */ }
}
