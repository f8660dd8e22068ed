// Sound and touch cues (web/table/cues.py names them): after each redraw the page calls
// s40cues.play(names, sound, haptics) with the cues of the moves just played and the
// menu's two switches. Sounds are synthesized with Web Audio (no sound files to load or
// cache); vibration uses navigator.vibrate where the device has it. Both stay silent in
// an embedded page (?embed, html.embed), whatever the switches say. The audio context is
// made at the first cue, which follows a tap (browsers let sound start from a gesture).
const TONES = {
  // [frequency Hz, seconds, type, gain] per note, played one after another
  draw: [[520, 0.05, "triangle", 0.16]],
  meld: [[440, 0.06, "triangle", 0.16], [660, 0.08, "triangle", 0.16]],
  discard: [[330, 0.06, "triangle", 0.18]],
  undo: [[392, 0.05, "sine", 0.12], [294, 0.07, "sine", 0.12]],
  close: [[523, 0.1, "sine", 0.2], [659, 0.1, "sine", 0.2], [784, 0.22, "sine", 0.2]],
  turn: [[880, 0.07, "sine", 0.1]],
  refused: [[170, 0.14, "square", 0.06]],
};
const BUZZ = {
  draw: 8, meld: [10, 40, 10], discard: 12, undo: 8, close: [20, 60, 40], turn: 15,
  refused: [30, 40, 30],
};
let audio = null;

function tone(names) {
  if (!window.AudioContext) return;
  audio = audio || new AudioContext();
  if (audio.state === "suspended") audio.resume();
  let at = audio.currentTime + 0.01;
  for (const name of names) {
    for (const [freq, length, type, gain] of TONES[name] || []) {
      const osc = audio.createOscillator();
      const env = audio.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      env.gain.setValueAtTime(gain, at);
      env.gain.exponentialRampToValueAtTime(0.0001, at + length);
      osc.connect(env).connect(audio.destination);
      osc.start(at);
      osc.stop(at + length + 0.02);
      at += length * 0.9;
    }
  }
}

function play(names, sound, haptics) {
  const list = Array.from(names || []).filter((name) => name in TONES);
  if (!list.length || document.documentElement.classList.contains("embed")) return;
  try {
    if (sound) tone(list.slice(-2));  // a bot's whole turn: its last two cues, not a din
    if (haptics && navigator.vibrate) navigator.vibrate(BUZZ[list[list.length - 1]]);
  } catch (error) {
    console.warn("cue not played:", error);
  }
}

window.s40cues = { play };
