//! The table's short sounds, synthesised with Web Audio: nothing to
//! download, a few oscillators and a noise burst each. The audio context is
//! made on first use (browsers let it start after the user has touched the
//! page); a browser without Web Audio stays silent, nothing else.

use std::cell::RefCell;

use wasm_bindgen::JsValue;
use web_sys::{AudioBuffer, AudioContext, AudioNode, BiquadFilterType, OscillatorType};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A new deal is dealt.
    Deal,
    /// A call in the auction.
    Bid,
    /// Cards played.
    Play,
    /// 不出.
    Pass,
    Bomb,
    Rocket,
    /// The user's turn begins.
    YourTurn,
    /// A player is down to one or two cards (报单 / 报双).
    Warning,
    /// The turn timer's last seconds.
    Tick,
    Win,
    Lose,
}

thread_local! {
    static AUDIO: RefCell<Option<(AudioContext, AudioBuffer)>> = const { RefCell::new(None) };
}

/// Plays a sound now. Errors (no Web Audio, a context the browser refuses)
/// are logged and otherwise ignored: sound is never worth a broken page.
pub fn play(sound: Sound) {
    if let Err(e) = try_play(sound) {
        web_sys::console::warn_2(&"sound unavailable:".into(), &e);
    }
}

fn audio() -> Result<(AudioContext, AudioBuffer), JsValue> {
    AUDIO.with(|cell| {
        if let Some(made) = cell.borrow().as_ref() {
            return Ok(made.clone());
        }
        let ctx = AudioContext::new()?;
        // Half a second of white noise for the percussive sounds.
        let rate = ctx.sample_rate();
        let frames = (rate * 0.5) as u32;
        let buffer = ctx.create_buffer(1, frames, rate)?;
        let mut data: Vec<f32> = Vec::with_capacity(frames as usize);
        let mut x: u32 = 0x2545_F491;
        for _ in 0..frames {
            // xorshift32: noise only has to sound like noise.
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            data.push((x as f32 / u32::MAX as f32) * 2.0 - 1.0);
        }
        buffer.copy_to_channel(&data, 0)?;
        *cell.borrow_mut() = Some((ctx.clone(), buffer.clone()));
        Ok((ctx, buffer))
    })
}

/// A tone from `f0` to `f1` Hz, starting `at` seconds from now.
fn tone(
    ctx: &AudioContext,
    kind: OscillatorType,
    f0: f32,
    f1: f32,
    at: f64,
    length: f64,
    volume: f32,
) -> Result<(), JsValue> {
    let t = ctx.current_time() + at;
    let osc = ctx.create_oscillator()?;
    osc.set_type(kind);
    osc.frequency().set_value_at_time(f0, t)?;
    if f1 != f0 {
        osc.frequency().exponential_ramp_to_value_at_time(f1, t + length)?;
    }
    let gain = ctx.create_gain()?;
    gain.gain().set_value_at_time(0.0001, t)?;
    gain.gain().exponential_ramp_to_value_at_time(volume, t + 0.01)?;
    gain.gain().exponential_ramp_to_value_at_time(0.0001, t + length)?;
    connect(&osc, &gain, ctx)?;
    osc.start_with_when(t)?;
    osc.stop_with_when(t + length + 0.02)?;
    Ok(())
}

/// A burst of filtered noise, its filter swept from `f0` to `f1` Hz.
#[allow(clippy::too_many_arguments)]
fn noise(
    ctx: &AudioContext,
    buffer: &AudioBuffer,
    filter: BiquadFilterType,
    f0: f32,
    f1: f32,
    at: f64,
    length: f64,
    volume: f32,
) -> Result<(), JsValue> {
    let t = ctx.current_time() + at;
    let source = ctx.create_buffer_source()?;
    source.set_buffer(Some(buffer));
    let shape = ctx.create_biquad_filter()?;
    shape.set_type(filter);
    shape.frequency().set_value_at_time(f0, t)?;
    shape.frequency().exponential_ramp_to_value_at_time(f1, t + length)?;
    let gain = ctx.create_gain()?;
    gain.gain().set_value_at_time(volume, t)?;
    gain.gain().exponential_ramp_to_value_at_time(0.0001, t + length)?;
    source.connect_with_audio_node(&shape)?;
    connect(&shape, &gain, ctx)?;
    let scheduled: &web_sys::AudioScheduledSourceNode = source.as_ref();
    scheduled.start_with_when(t)?;
    scheduled.stop_with_when(t + length + 0.02)?;
    Ok(())
}

fn connect(from: &AudioNode, gain: &web_sys::GainNode, ctx: &AudioContext) -> Result<(), JsValue> {
    from.connect_with_audio_node(gain)?;
    gain.connect_with_audio_node(&ctx.destination())?;
    Ok(())
}

fn try_play(sound: Sound) -> Result<(), JsValue> {
    use BiquadFilterType::{Bandpass, Highpass, Lowpass};
    use OscillatorType::{Sawtooth, Sine, Square, Triangle};
    let (ctx, noise_buffer) = audio()?;
    if ctx.state() == web_sys::AudioContextState::Suspended {
        let _ = ctx.resume()?;
    }
    let ctx = &ctx;
    let buf = &noise_buffer;
    match sound {
        Sound::Deal => {
            for i in 0..6 {
                noise(ctx, buf, Highpass, 3000.0, 5000.0, f64::from(i) * 0.05, 0.04, 0.25)?;
            }
        }
        Sound::Bid => tone(ctx, Triangle, 523.0, 523.0, 0.0, 0.16, 0.25)?,
        Sound::Play => {
            noise(ctx, buf, Bandpass, 2400.0, 1200.0, 0.0, 0.07, 0.6)?;
            tone(ctx, Sine, 880.0, 440.0, 0.0, 0.05, 0.15)?;
        }
        Sound::Pass => tone(ctx, Sine, 330.0, 220.0, 0.0, 0.18, 0.2)?,
        Sound::Bomb => {
            noise(ctx, buf, Lowpass, 2500.0, 80.0, 0.0, 0.5, 0.9)?;
            tone(ctx, Sine, 110.0, 40.0, 0.0, 0.5, 0.6)?;
        }
        Sound::Rocket => {
            tone(ctx, Sawtooth, 200.0, 1600.0, 0.0, 0.3, 0.18)?;
            noise(ctx, buf, Lowpass, 3000.0, 80.0, 0.28, 0.5, 0.9)?;
            tone(ctx, Sine, 120.0, 40.0, 0.28, 0.5, 0.6)?;
        }
        Sound::YourTurn => {
            tone(ctx, Sine, 660.0, 660.0, 0.0, 0.12, 0.2)?;
            tone(ctx, Sine, 880.0, 880.0, 0.1, 0.16, 0.2)?;
        }
        Sound::Warning => {
            tone(ctx, Square, 990.0, 990.0, 0.0, 0.08, 0.08)?;
            tone(ctx, Square, 990.0, 990.0, 0.14, 0.08, 0.08)?;
        }
        Sound::Tick => tone(ctx, Sine, 1500.0, 1500.0, 0.0, 0.04, 0.12)?,
        Sound::Win => {
            for (i, f) in [523.0, 659.0, 784.0, 1047.0].into_iter().enumerate() {
                tone(ctx, Triangle, f, f, i as f64 * 0.11, 0.22, 0.25)?;
            }
        }
        Sound::Lose => {
            for (i, f) in [392.0, 330.0, 262.0].into_iter().enumerate() {
                tone(ctx, Triangle, f, f * 0.97, i as f64 * 0.16, 0.3, 0.22)?;
            }
        }
    }
    Ok(())
}
