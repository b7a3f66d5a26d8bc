// The drill player's beeps, generated with Web Audio (no sound files): a shot-timer-like tone for
// the start signal and a lower double tone for the par time.
let context: AudioContext | null = null;

/** Creates or resumes the audio context; call it from a click so browsers allow sound. */
export function unlockAudio(): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
}

function tone(frequency: number, startOffset: number, durationSeconds: number): void {
  if (context === null) return;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = frequency;
  const start = context.currentTime + startOffset;
  // A short attack and release avoid clicks at the edges of the tone.
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(0.25, start + 0.005);
  gain.gain.setValueAtTime(0.25, start + durationSeconds - 0.02);
  gain.gain.linearRampToValueAtTime(0, start + durationSeconds);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(start);
  oscillator.stop(start + durationSeconds + 0.01);
}

/** The start signal: one long high beep. */
export function beepStart(): void {
  tone(2800, 0, 0.35);
}

/** The par time: two short lower beeps. */
export function beepPar(): void {
  tone(1600, 0, 0.12);
  tone(1600, 0.18, 0.12);
}
