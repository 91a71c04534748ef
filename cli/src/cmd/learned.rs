//! The learned splitter (`ddz-learn`): `split --method learned`, the model
//! for `lead-agreement`, and `train-splitter`.

use std::io::Read;
use std::path::Path;
use std::time::Instant;

use indicatif::ProgressBar;
use rayon::prelude::*;
use serde_json::{json, Value};

use engine::agents::PlayerSpec;
use engine::clock::MonotonicClock;
use engine::{Cards, SeedRange};
use learn::data::{winner_example, Example};
use learn::model::{Tagger, MAX_FILE_BYTES};
use learn::train::{train as run_training, EpochReport, TrainConfig};
use learn::LearnedSplitter;

use crate::args::TrainArgs;
use crate::cmd::cards::{split_json, split_text};
use crate::cmd::out;
use crate::error::CliError;
use crate::report::{progress, write_stderr, Report};

/// The shipped model, trained by the command in the README.
const BUILT_IN: &[u8] = include_bytes!("../../../assets/splitter.safetensors");

/// The splitter of `model`, or the built-in one.
pub fn splitter(model: Option<&Path>) -> Result<LearnedSplitter, CliError> {
    match model {
        None => LearnedSplitter::from_bytes(BUILT_IN).map_err(|e| CliError::Other(format!("the built-in model: {e}"))),
        Some(path) => LearnedSplitter::from_bytes(&read_model(path)?)
            .map_err(|e| CliError::arg("--model", format!("{}: {e}", path.display()))),
    }
}

/// The bytes of the model file at `path`, at most what a model of the
/// network can hold: a longer file is refused by its size, and a device or
/// a pipe is read only that far.
fn read_model(path: &Path) -> Result<Vec<u8>, CliError> {
    let too_big = |size: &str| {
        CliError::arg(
            "--model",
            format!(
                "{}: {size}; a splitter model holds at most {MAX_FILE_BYTES} bytes",
                path.display()
            ),
        )
    };
    let file = std::fs::File::open(path).map_err(|e| CliError::io(path, e))?;
    let meta = file.metadata().map_err(|e| CliError::io(path, e))?;
    if meta.is_file() && meta.len() > MAX_FILE_BYTES {
        return Err(too_big(&format!("{} bytes", meta.len())));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::io(path, e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big(&format!("longer than {MAX_FILE_BYTES} bytes")));
    }
    Ok(bytes)
}

pub fn split(hand: Cards, alternatives: usize, model: Option<&Path>) -> Result<Report, CliError> {
    if alternatives > 0 {
        return Err(CliError::Other("--alternatives needs --method exact".into()));
    }
    let learned = splitter(model)?
        .split(hand)
        .map_err(|e| CliError::Other(e.to_string()))?;
    let mut json = split_json(&learned.split);
    json["hand"] = json!(hand.to_string());
    json["method"] = json!("learned");
    json["tags"] = json!(learned.tags);
    json["tag_groups"] = Value::Array(
        learned
            .groups
            .iter()
            .map(|p| json!({ "cards": p.cards().to_string(), "kind": p.kind().name(), "class": engine::split::class_of(p.kind()).index() }))
            .collect(),
    );
    json["alternatives"] = json!([]);
    let cards: String = hand.iter().map(|r| r.letter()).collect();
    let text = format!("cards {cards}\ntags  {}\n{}", learned.tags, split_text(&learned.split));
    Ok(Report { json, text })
}

/// One epoch's figures, as the command prints them.
fn epoch_line(r: &EpochReport) -> String {
    format!(
        "epoch {:>3}: loss {:.4}, held-out accuracy {:.2}% of cards, {:.2}% of hands",
        r.epoch,
        r.loss,
        100.0 * r.accuracy.per_card(),
        100.0 * r.accuracy.per_hand(),
    )
}

/// The winners' hands of the deals of `seeds`, on every core.
fn examples(seeds: SeedRange, player: &PlayerSpec, bar: &ProgressBar) -> Result<Vec<Example>, CliError> {
    let seeds: Vec<u64> = seeds.iter().collect();
    let out: Result<Vec<Example>, _> = seeds
        .par_iter()
        .map(|&s| {
            let ex = winner_example(s, [player; 3], &MonotonicClock::default());
            bar.inc(1);
            ex
        })
        .collect();
    Ok(out?)
}

/// The training deals' seeds and the held-out deals' after them.
fn seed_ranges(args: &TrainArgs) -> Result<(SeedRange, SeedRange), CliError> {
    let train = SeedRange::new(args.seed, args.games)
        .map_err(|e| CliError::Other(format!("--seed {} with --games {}: {e}", args.seed, args.games)))?;
    let test_first = args
        .seed
        .checked_add(args.games)
        .ok_or_else(|| CliError::Other("the held-out deals would run past the last seed".into()))?;
    let test = SeedRange::new(test_first, args.test_games)
        .map_err(|e| CliError::Other(format!("held-out deals from {test_first}: {e}")))?;
    Ok((train, test))
}

/// The training's bar, counting an epoch's batches (hidden when quiet).
fn batch_bar(quiet: bool) -> ProgressBar {
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(0)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} batches, {elapsed} (eta {eta})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar
}

/// `train-splitter`: self-play, training, the model written to `--out`;
/// `json` quiets the progress as `--quiet` does.
pub fn train(args: TrainArgs, json: bool) -> Result<Report, CliError> {
    let (out, quiet) = (args.out.as_path(), args.quiet || json);
    out::check_new(out, "the model is")?;
    let (train_seeds, test_seeds) = seed_ranges(&args)?;
    let player = &args.player;

    let started = Instant::now();
    let bar = progress(args.games + args.test_games, quiet);
    bar.set_message(format!("self-play ({player})"));
    let train_set = examples(train_seeds, player, &bar)?;
    let test_set = examples(test_seeds, player, &bar)?;
    bar.finish_and_clear();
    let selfplay_secs = started.elapsed().as_secs_f64();
    let landlords = train_set.iter().filter(|e| e.hand.len() == 20).count();

    let config = TrainConfig {
        epochs: args.epochs,
        batch: args.batch,
        seed: args.seed,
        ..TrainConfig::default()
    };
    let started = Instant::now();
    let bar = batch_bar(quiet);
    let epoch = std::cell::Cell::new(1);
    let (varmap, _, reports) = run_training(
        &train_set,
        &test_set,
        &config,
        |done, total| {
            if done == 1 {
                bar.set_length(total as u64);
                bar.set_position(0);
                bar.set_message(format!("epoch {}/{}", epoch.get(), config.epochs));
            }
            bar.set_position(done as u64);
        },
        |r| {
            let line = format!("{} ({:.0} s)", epoch_line(r), started.elapsed().as_secs_f64());
            // On stderr even without a terminal (the bar then draws nothing).
            if bar.is_hidden() {
                write_stderr(&format!("{line}\n"));
            } else {
                bar.println(line);
            }
            epoch.set(r.epoch + 1);
        },
    )
    .map_err(|e| CliError::Other(format!("training failed: {e}")))?;
    bar.finish_and_clear();
    let train_secs = started.elapsed().as_secs_f64();
    let model = Tagger::to_bytes(&varmap).map_err(|e| CliError::Other(format!("the model as safetensors: {e}")))?;
    out::write_new(out, &model)?;
    let bytes = model.len();
    let params: usize = varmap.all_vars().iter().map(|v| v.elem_count()).sum();
    let last = reports.last().map(|r| r.accuracy).unwrap_or_default();
    let json = json!({
        "player": player.to_string(),
        "seed": args.seed,
        "games": args.games,
        "test_games": args.test_games,
        "train_hands": train_set.len(),
        "train_landlord_hands": landlords,
        "test_hands": test_set.len(),
        "epochs": reports,
        "accuracy": last.per_card(),
        "hand_accuracy": last.per_hand(),
        "selfplay_seconds": selfplay_secs,
        "train_seconds": train_secs,
        "parameters": params,
        "model_bytes": bytes,
        "out": out.display().to_string(),
    });
    let mut text: String = reports.iter().map(|r| epoch_line(r) + "\n").collect();
    text += &format!(
        "{} training hands ({landlords} landlords'), {} held-out, from {player} self-play in {selfplay_secs:.0} s\n\
         {} epochs in {train_secs:.0} s; held-out per-card accuracy {:.2}% (the paper: 89.16% on human play), whole hands {:.2}%\n\
         model: {params} parameters, {bytes} bytes, written to {}\n",
        train_set.len(),
        test_set.len(),
        reports.len(),
        100.0 * last.per_card(),
        100.0 * last.per_hand(),
        out.display()
    );
    Ok(Report { json, text })
}
