//! Hostile input to the engine's public entry points (the ones the app's
//! web worker and the CLI call): oversized hands, NaN and infinite limits,
//! counts at and past their stated ranges, crafted library files, hostile
//! player names and random bytes. Each must give a clear error or a correct
//! answer, never a panic or an unbounded run.

use std::time::Instant;

use engine::clock::MonotonicClock;
use engine::lab::dih::{dih, dih_checked, Distribution};
use engine::lab::library::{Library, LibraryError};
use engine::lab::panel::{score_set, CentreError, GdiCentre, PanelName, MAX_GDI_LEN};
use engine::limits::{self, LimitError, SeedRange, MAX_HAND, PLAYERS, ROUNDS, TOP};
use engine::solver::{Position, PositionError, SolveOptions, Solver};
use engine::{lead_plays, legal_moves, rng, Cards, Deal, Move, Play, PlayerError, PlayerSpec, Rank, Seat, Splitter};

use proptest::prelude::*;

/// The first `n` cards of a deck in canonical order.
fn first_cards(n: usize) -> Cards {
    Cards::DECK.iter().take(n).collect::<Result<Cards, _>>().unwrap()
}

// ---------------------------------------------------------------------------
// Oversized hands.

#[test]
fn splitter_refuses_hands_over_twenty_cards() {
    let mut splitter = Splitter::new();
    for n in [21, 30, 54] {
        let hand = first_cards(n);
        assert_eq!(hand.len(), n as u32);
        let err = splitter.try_top(hand, 1).unwrap_err();
        assert_eq!(
            err,
            LimitError::HandTooBig {
                what: "hand".into(),
                cards: n as u32
            }
        );
        assert!(err.to_string().contains("at most 20"), "{err}");
    }
    // Twenty cards is within the limit and answers.
    let hand = first_cards(20);
    let splits = splitter.try_top(hand, 3).unwrap();
    assert!(!splits.is_empty());
    for split in &splits {
        assert_eq!(split.cards(), hand);
    }
    // Too many alternatives is refused too, whatever the hand.
    assert!(splitter.try_top(hand, usize::MAX).is_err());
    assert!(splitter.try_top(hand, limits::ALTERNATIVES.end() + 2).is_err());
    assert!(splitter.try_top(hand, limits::ALTERNATIVES.end() + 1).is_ok());
}

#[test]
fn positions_refuse_hands_over_twenty_cards() {
    let big = first_cards(21);
    let small: Cards = "XD".parse().unwrap();
    assert_eq!(
        Position::new(&[big, small], Seat::Landlord, None),
        Err(PositionError::HandTooBig {
            seat: Seat::Landlord,
            cards: 21
        })
    );
    assert_eq!(
        Position::new(&[small, big], Seat::Landlord, None),
        Err(PositionError::HandTooBig {
            seat: Seat::Farmer1,
            cards: 21
        })
    );
    // The whole deck in one hand, with any partner.
    assert!(matches!(
        Position::new(&[Cards::DECK, small], Seat::Landlord, None),
        Err(PositionError::HandTooBig { cards: 54, .. })
    ));
    // Other malformed positions are refused, not searched.
    assert_eq!(
        Position::new(&[small], Seat::Landlord, None),
        Err(PositionError::SeatCount(1))
    );
    assert_eq!(
        Position::new(&[small; 4], Seat::Landlord, None),
        Err(PositionError::SeatCount(4))
    );
    assert_eq!(
        Position::new(&[small, small], Seat::Landlord, None),
        Err(PositionError::NotFromOneDeck)
    );
    assert_eq!(
        Position::new(&[small, Cards::EMPTY], Seat::Landlord, None),
        Err(PositionError::EmptyHand(Seat::Farmer1))
    );
    let three: Cards = "3".parse().unwrap();
    let four: Cards = "4".parse().unwrap();
    assert_eq!(
        Position::new(&[three, four], Seat::Farmer2, None),
        Err(PositionError::NoSuchSeat(Seat::Farmer2))
    );
    let rocket = Play::parse("XD").unwrap();
    assert_eq!(
        Position::new(&[three, four], Seat::Landlord, Some((Seat::Landlord, rocket))),
        Err(PositionError::MoverMadeLastPlay(Seat::Landlord))
    );
    assert_eq!(
        Position::new(&[small, four], Seat::Landlord, Some((Seat::Farmer1, rocket))),
        Err(PositionError::LastPlayNotFromDeck)
    );
    // Exactly twenty cards is a position.
    assert!(Position::new(&[first_cards(20), small], Seat::Landlord, None).is_ok());
    assert_eq!(MAX_HAND, 20);
}

#[test]
fn legal_moves_of_the_whole_deck_are_bounded_and_legal() {
    let start = Instant::now();
    let mut moves = Vec::new();
    legal_moves(Cards::DECK, None, &mut moves);
    let leads = moves.len();
    assert!(leads > 1000, "{leads} leads");
    for m in &moves {
        let play = m.play().expect("no pass on lead");
        assert!(Cards::DECK.contains(play.cards()));
    }
    let mut count = 0usize;
    lead_plays(Cards::DECK, &mut count);
    assert_eq!(count, leads);
    // Following a low single: every higher single, every bomb, the rocket, the pass.
    moves.clear();
    legal_moves(Cards::DECK, Some(Play::parse("3").unwrap()), &mut moves);
    assert_eq!(moves.last(), Some(&Move::Pass));
    assert_eq!(moves.len(), 14 + 13 + 1 + 1);
    println!("{leads} leads of the whole deck in {:?}", start.elapsed());
}

// ---------------------------------------------------------------------------
// Time limits.

#[test]
fn time_limits_refuse_nan_infinity_zero_and_negatives() {
    for bad in [
        f64::NAN,
        -f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
        -1.0,
        f64::MIN,
        limits::MAX_TIME_LIMIT_MS + 1.0,
        f64::MAX,
    ] {
        let err = limits::time_limit_ms("time limit", bad).unwrap_err();
        assert!(matches!(err, LimitError::TimeLimit { .. }), "{bad}: {err:?}");
        assert!(err.to_string().starts_with("time limit: "), "{err}");
    }
    for good in [f64::MIN_POSITIVE, 0.5, 1.0, limits::MAX_TIME_LIMIT_MS] {
        assert_eq!(limits::time_limit_ms("t", good), Ok(good));
    }
}

#[test]
fn a_solve_with_a_garbage_limit_returns_at_once() {
    // A whole deal cannot be proven quickly: a NaN, zero or negative limit
    // must mean no time, never no limit.
    let deal = Deal::from_seed(7);
    let position = Position::new(&deal.hands(), Seat::Landlord, None).unwrap();
    let clock = MonotonicClock::default();
    for limit in [f64::NAN, 0.0, -1.0, f64::NEG_INFINITY] {
        let options = SolveOptions {
            time_limit_ms: Some(limit),
            ..SolveOptions::exhaustive()
        }
        .sized_for(&position);
        let start = Instant::now();
        let result = Solver::new(options.table_bytes).solve(&position, &options, &clock);
        let took = start.elapsed().as_secs_f64() * 1000.0;
        assert!(took < 2_000.0, "limit {limit}: took {took} ms");
        if let Some(best) = result.best {
            assert!(position.is_legal(best));
        }
    }
}

// ---------------------------------------------------------------------------
// DIH at and past its limits.

#[test]
fn dih_at_its_limits_answers_and_past_them_refuses() {
    let d = Distribution::parse("-2:0.1,-1:0.3,1:0.4,2:0.2").unwrap();
    let (p, r, t) = (*PLAYERS.end(), *ROUNDS.end(), *TOP.end());
    let start = Instant::now();
    for (players, rounds, top) in [(p, r, t), (p, 1, t), (1, r, 1), (p, r, 1), (2, 1, t), (1, 1, 1)] {
        let v = dih_checked(&d, players, rounds, top).unwrap();
        assert!(
            v.is_finite() && (-1e-9..=1.0 + 1e-9).contains(&v),
            "{players} {rounds} {top}: {v}"
        );
    }
    // Top above players: there are not that many places.
    assert_eq!(dih_checked(&d, 2, 1, 3), Ok(0.0));
    println!("DIH at the limits: {:?}", start.elapsed());
    for (players, rounds, top) in [
        (0, 1, 1),
        (p + 1, 1, 1),
        (u32::MAX, 1, 1),
        (2, 0, 1),
        (2, r + 1, 1),
        (2, u32::MAX, 1),
        (2, 1, 0),
        (2, 1, t + 1),
        (u32::MAX, u32::MAX, u32::MAX),
    ] {
        let err = dih_checked(&d, players, rounds, top).unwrap_err();
        assert!(matches!(err, LimitError::OutOfRange { .. }), "{err:?}");
        assert!(dih(&d, players, rounds, top).is_nan());
    }
}

#[test]
fn dih_refuses_huge_and_wide_scores() {
    let huge = Distribution::new(&[(i64::MIN, 0.5), (i64::MAX, 0.5)]).unwrap();
    assert!(matches!(
        dih_checked(&huge, 3, 1, 2),
        Err(LimitError::OutOfRange { .. })
    ));
    assert!(dih(&huge, 3, 1, 2).is_nan());
    let edge = Distribution::new(&[(-1_000, 0.5), (1_000, 0.5)]).unwrap();
    // 10 rounds × 2,000 points = 20,000: the widest span allowed.
    assert!(dih_checked(&edge, 3, 10, 2).is_ok());
    let err = dih_checked(&edge, 3, 11, 2).unwrap_err();
    assert!(matches!(err, LimitError::TotalsSpan { rounds: 11, .. }), "{err:?}");
    assert!(err.to_string().contains("22000"), "{err}");
    let past = Distribution::new(&[(-1_001, 0.5), (1, 0.5)]).unwrap();
    assert!(dih_checked(&past, 3, 1, 2).is_err());
    assert!(edge.totals(ROUNDS.end() + 1).is_err());
    // Probabilities that are not probabilities.
    assert!(Distribution::new(&[(1, f64::NAN)]).is_err());
    assert!(Distribution::new(&[(1, f64::INFINITY)]).is_err());
    assert!(Distribution::new(&[(1, -0.5), (2, 1.5)]).is_err());
    assert!(Distribution::new(&[(1, 0.5), (1, 0.5)]).is_err());
    assert!(Distribution::new(&[]).is_err());
    assert!(Distribution::parse("").is_err());
    assert!(Distribution::parse("1:0.5,,2:0.5").is_err());
    assert!(Distribution::parse("99999999999999999999:1").is_err());
}

#[test]
fn score_counts_near_u64_max_do_not_overflow() {
    // Counts as a library file may hold them.
    let d = Distribution::from_counts(&[(-1, u64::MAX), (1, u64::MAX)]).unwrap();
    assert_eq!(d.points().len(), 2);
    assert!((d.points()[0].1 - 0.5).abs() < 1e-12);
    assert!(Distribution::from_counts(&[(-1, 0), (1, 0)]).is_err());
}

// ---------------------------------------------------------------------------
// Seed ranges.

#[test]
fn seed_ranges_near_the_last_seed() {
    let max = u64::MAX;
    let r = SeedRange::new(max, 1).unwrap();
    assert_eq!((r.first(), r.last(), r.count()), (max, Some(max), 1));
    assert!(r.contains(max) && !r.contains(max - 1));
    assert_eq!(SeedRange::new(max - 9, 10).unwrap().iter().count(), 10);
    assert_eq!(SeedRange::new(0, max).unwrap().last(), Some(max - 1));
    assert_eq!(SeedRange::new(1, max).unwrap().last(), Some(max));
    assert!(SeedRange::new(max, 0).unwrap().is_empty());
    assert_eq!(SeedRange::new(max, 0).unwrap().to_string(), "none");
    for (first, count) in [(max, 2), (max - 9, 11), (2, max), (max, max)] {
        let err = SeedRange::new(first, count).unwrap_err();
        assert_eq!(err, LimitError::SeedRange { first, count });
        // The message computes with the values; it must not overflow.
        assert!(err.to_string().contains("run past the last seed"), "{err}");
    }
}

// ---------------------------------------------------------------------------
// Library files.

/// A valid library entry for `seed` under the `quick` panel, one game per
/// table: every game ended with the lowest score.
fn entry_json(seed: u64) -> serde_json::Value {
    let deal = Deal::from_seed(seed);
    let scores = score_set(&deal);
    let tables = PanelName::Quick.panel().seatings.len() as u64;
    let mut counts = vec![0u64; scores.len()];
    counts[0] = tables;
    serde_json::json!({
        "seed": seed,
        "deal": deal.to_string(),
        "scores": scores,
        "counts": counts,
        "gdi": vec![0.0; scores.len() - 1],
    })
}

fn library_json(entries: Vec<serde_json::Value>) -> String {
    let digest = engine::lab::settings::Digest::of(&PanelName::Quick.panel(), 1, 0);
    serde_json::json!({"panel": "quick", "games": 1, "digest": digest, "entries": entries}).to_string()
}

#[test]
fn a_crafted_valid_library_loads() {
    let library = Library::from_json(&library_json(vec![entry_json(1), entry_json(2)])).unwrap();
    assert_eq!(library.entries.len(), 2);
    let selected = library.select(10, 5, 3, 1);
    assert_eq!(selected.len(), 1);
    // Questions outside the limits give NaN, not a long run.
    assert!(library.entries[0].dih(0, 5, 3).is_nan());
    assert!(library.entries[0].dih(10, u32::MAX, 3).is_nan());
}

#[test]
fn crafted_library_files_are_refused_with_a_reason() {
    let load = |text: &str| Library::from_json(text).unwrap_err();
    // Not JSON, or not a library.
    for text in [
        "",
        "   ",
        "not json",
        "{",
        "[]",
        "null",
        "{\"panel\":\"quick\"}",
        "\u{0}",
    ] {
        assert!(matches!(load(text), LibraryError::Json(_)), "{text:?}");
    }
    // Negative or overflowing numbers are JSON errors too.
    let negative = library_json(vec![entry_json(1)]).replace("\"games\":1", "\"games\":-1");
    assert!(matches!(load(&negative), LibraryError::Json(_)));
    // Wrong panel.
    let wrong = library_json(vec![entry_json(1)]).replace("\"quick\"", "\"nope\"");
    assert!(matches!(load(&wrong), LibraryError::Panel(_)));
    // Games out of range.
    let games = library_json(vec![entry_json(1)]).replace("\"games\":1", "\"games\":4294967295");
    assert_eq!(load(&games), LibraryError::Games(u32::MAX));
    let zero_games = library_json(vec![entry_json(1)]).replace("\"games\":1", "\"games\":0");
    assert_eq!(load(&zero_games), LibraryError::Games(0));
    // Empty.
    assert_eq!(load(&library_json(vec![])), LibraryError::Empty);
    // Duplicate seeds.
    assert_eq!(
        load(&library_json(vec![entry_json(5), entry_json(6), entry_json(5)])),
        LibraryError::DuplicateSeed {
            index: 2,
            seed: 5,
            first: 0
        }
    );
    // Zero counts: no games played.
    let mut zero = entry_json(1);
    let n = zero["scores"].as_array().unwrap().len();
    zero["counts"] = serde_json::json!(vec![0u64; n]);
    assert!(matches!(load(&library_json(vec![zero])), LibraryError::Entry { .. }));
    // Counts near u64::MAX: summed without overflow, and refused.
    let mut huge = entry_json(1);
    huge["counts"] = serde_json::json!(vec![u64::MAX; n]);
    let err = load(&library_json(vec![huge]));
    assert!(matches!(err, LibraryError::Entry { .. }), "{err:?}");
    assert!(err.to_string().contains("games"), "{err}");
    // Huge scores.
    let mut scores = entry_json(1);
    scores["scores"] = serde_json::json!([i64::MIN, i64::MAX]);
    scores["counts"] = serde_json::json!([4, 4]);
    scores["gdi"] = serde_json::json!([0.5]);
    let err = load(&library_json(vec![scores]));
    assert!(err.to_string().contains("-1000 to 1000"), "{err}");
    // Scores other than the deal's score set.
    let mut other = entry_json(1);
    other["scores"] = serde_json::json!([-1, 1]);
    other["counts"] = serde_json::json!([8, 0]);
    other["gdi"] = serde_json::json!([0.0]);
    let err = load(&library_json(vec![other]));
    assert!(matches!(err, LibraryError::Entry { .. }), "{err:?}");
    // Counts and scores of different lengths.
    let mut lengths = entry_json(1);
    lengths["counts"] = serde_json::json!([8]);
    assert!(matches!(load(&library_json(vec![lengths])), LibraryError::Entry { .. }));
    // A deal that is not the seed's.
    let mut deal = entry_json(1);
    deal["deal"] = serde_json::json!(Deal::from_seed(2).to_string());
    assert!(load(&library_json(vec![deal])).to_string().contains("seed 1 deals"));
    // A GDI the counts do not give.
    let mut gdi = entry_json(1);
    gdi["gdi"] = serde_json::json!([1.0]);
    assert!(matches!(load(&library_json(vec![gdi])), LibraryError::Entry { .. }));
    // A very long file of the same entry.
    let many = library_json(vec![entry_json(3); 2_000]);
    assert!(matches!(load(&many), LibraryError::DuplicateSeed { index: 1, .. }));
}

// ---------------------------------------------------------------------------
// Player names.

#[test]
fn hostile_player_names_are_refused_with_a_reason() {
    let bad = |name: &str| match name.parse::<PlayerSpec>() {
        Err(e) => e,
        Ok(spec) => panic!("{name:?} was accepted as {spec}"),
    };
    for name in [
        "sampler:samples=0",
        "sampler:samples=1001",
        "sampler:samples=-1",
        "sampler:samples=1e3",
        "sampler:samples=18446744073709551616",
        "sampler:nodes=0",
        "sampler:candidates=101",
        "heuristic:noise=NaN",
        "heuristic:noise=nan",
        "heuristic:noise=inf",
        "heuristic:noise=-inf",
        "heuristic:noise=2",
        "heuristic:noise=-0.1",
        "heuristic:noise=",
        "heuristic:noise",
        "heuristic:",
        "heuristic:noise=0.1:noise=0.2",
        "heuristic:depth=3",
        "greedy:noise=0.1",
        "hybrid:switch=55",
        "hybrid:switch=-1",
    ] {
        let err = bad(name);
        assert!(matches!(err, PlayerError::BadOption { .. }), "{name}: {err:?}");
        assert!(err.to_string().contains(name), "{err}");
    }
    let long = "x".repeat(1 << 20);
    for name in [
        "",
        "   ",
        ":",
        "::::",
        "=",
        "L12",
        "L-1",
        "L7:noise=0.1",
        "nobody",
        "\u{0}",
        "héuristic",
        long.as_str(),
    ] {
        assert!(matches!(bad(name), PlayerError::Unknown(_)), "{name:.40}");
    }
    // Very long option lists and values.
    let options = format!("heuristic{}", ":noise=0.1".repeat(10_000));
    assert!(bad(&options).to_string().contains("given twice"));
    let digits = format!("sampler:samples={}", "9".repeat(100_000));
    assert!(matches!(bad(&digits), PlayerError::BadOption { .. }));
    // The edges of each range are accepted and read back.
    for name in [
        "sampler:samples=1",
        "sampler:samples=1000",
        "sampler:nodes=10000000",
        "heuristic:noise=1",
        "heuristic:noise=0",
        "heuristic:noise=-0",
        "hybrid:switch=0",
        "hybrid:switch=54",
        "  L10  ",
        "l0",
        "L11",
        " Strongest ",
    ] {
        let spec: PlayerSpec = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(spec.to_string().parse::<PlayerSpec>().unwrap(), spec, "{name}");
    }
}

// ---------------------------------------------------------------------------
// GDI centres.

#[test]
fn hostile_gdi_centres_are_refused_with_a_reason() {
    let bad = |text: &str| text.parse::<GdiCentre>().unwrap_err();
    for text in [
        "NaN",
        "nan",
        "0.5,NaN",
        "inf",
        "-inf",
        "1e400",
        "1.0000001",
        "-0.1",
        "2",
    ] {
        assert!(
            matches!(bad(text), CentreError::OutOfRange { .. }),
            "{text}: {:?}",
            bad(text)
        );
    }
    assert_eq!(
        bad("1,,2"),
        CentreError::Syntax {
            item: 2,
            text: String::new()
        }
    );
    for text in ["", "x", "0.5;0.5", "0.5 0.5", "0x1", "½"] {
        assert!(
            matches!(bad(text), CentreError::Syntax { .. }),
            "{text}: {:?}",
            bad(text)
        );
    }
    let thirty = vec!["0.5"; MAX_GDI_LEN + 1].join(",");
    assert_eq!(bad(&thirty), CentreError::Length(30));
    let long = vec!["0.5"; 100_000].join(",");
    assert_eq!(bad(&long), CentreError::Length(100_000));
    let ok: GdiCentre = vec!["0.5"; MAX_GDI_LEN].join(",").parse().unwrap();
    assert_eq!(ok.values().len(), MAX_GDI_LEN);
    assert_eq!(ok.to_string().parse::<GdiCentre>().unwrap(), ok);
    assert_eq!(" 0 , 1 ".parse::<GdiCentre>().unwrap().values(), [0.0, 1.0]);
    // The same checks through serde.
    assert!(serde_json::from_str::<GdiCentre>("[]").is_err());
    assert!(serde_json::from_str::<GdiCentre>("[1.5]").is_err());
    assert!(serde_json::from_str::<GdiCentre>(&format!("[{}]", vec!["0.1"; 30].join(","))).is_err());
    assert!(GdiCentre::new(vec![f64::NAN]).is_err());
    assert!(GdiCentre::new(vec![]).is_err());
}

// ---------------------------------------------------------------------------
// Written cards, plays and deals.

#[test]
fn garbage_cards_and_plays_are_refused_with_a_reason() {
    for text in [
        "z", "3z", "1", "11", "1x", "3 z", "大", "小3", "王", "３", "🂡", "\u{0}", "3\u{301}", "-", "+3", "pass",
    ] {
        let err = text.parse::<Cards>().unwrap_err();
        assert!(err.to_string().contains("is not a card"), "{text:?}: {err}");
    }
    assert!("33333".parse::<Cards>().is_err());
    assert!("XX".parse::<Cards>().is_err());
    assert!("x".repeat(100_000).parse::<Cards>().is_err());
    assert!("10".repeat(5).parse::<Cards>().is_err());
    assert_eq!("".parse::<Cards>(), Ok(Cards::EMPTY));
    for text in [
        "",
        "+",
        "++",
        "3+3+3",
        "+3",
        "33+3",
        "3333+33333",
        "34",
        "3344",
        "XD+3",
        "333+44+5",
        "pass+3",
        "444555666+33",
        "333444555666",
        "3+\u{0}",
    ] {
        assert!(Play::parse(text).is_err(), "{text:?}");
    }
    // Positions point into the whole text, kickers included.
    let err = Play::parse("333+z").unwrap_err();
    assert!(err.to_string().contains("position 5"), "{err}");
    assert_eq!(Move::parse("  PASS "), Ok(Move::Pass));
    assert_eq!(Move::parse("不出"), Ok(Move::Pass));
    for text in [
        "",
        "[",
        "]",
        "[[",
        "[]]",
        "[3][4]",
        "[é][é][é]",
        "[3][4][5][6][7]",
        "x[3][4][5]",
    ] {
        assert!(Deal::parse(text).is_err(), "{text:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Any bytes: an error or a value that writes back to itself.
    #[test]
    fn random_bytes_never_panic_the_parsers(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(cards) = text.parse::<Cards>() {
            prop_assert_eq!(cards.to_string().parse::<Cards>(), Ok(cards));
        }
        if let Ok(play) = Play::parse(&text) {
            prop_assert_eq!(Play::parse(&play.to_string()), Ok(play));
        }
        if let Ok(mv) = Move::parse(&text) {
            prop_assert_eq!(Move::parse(&mv.to_string()), Ok(mv));
        }
        if let Ok(deal) = Deal::parse(&text) {
            prop_assert_eq!(deal.to_string().parse::<Deal>().map(|d| d.hands()), Ok(deal.hands()));
        }
        let _ = text.parse::<PlayerSpec>();
        let _ = text.parse::<GdiCentre>();
        let _ = Distribution::parse(&text);
    }

    /// Text made of card letters and separators, which reaches further into
    /// the parsers than random bytes do.
    #[test]
    fn card_like_text_never_panics_the_parsers(text in "[3-9TtJjQqKkAa2XxDd01+ \\[\\]]{0,40}") {
        if let Ok(play) = Play::parse(&text) {
            prop_assert_eq!(Play::parse(&play.to_string()), Ok(play));
        }
        let _ = Deal::parse(&text);
        let _ = text.parse::<Cards>();
    }
}

// ---------------------------------------------------------------------------
// The solver's time limit.

/// A random position of `seats` seats: hands of up to 20 cards cut from one
/// shuffled deck, a random seat to move and, if `beat`, a play to beat
/// from the cards left over, made by another seat.
fn random_position(seed: u64, seats: usize, sizes: [usize; 3], beat: bool) -> Position {
    let mut r = rng::from_seed(seed);
    let mut deck: Vec<Rank> = Cards::DECK.iter().collect();
    rng::shuffle(&mut r, &mut deck);
    let mut hands = Vec::with_capacity(seats);
    let mut start = 0;
    for &size in &sizes[..seats] {
        // Leave a card for every hand still to come.
        let n = size.min(54 - start - (seats - hands.len() - 1));
        hands.push(
            deck[start..start + n]
                .iter()
                .copied()
                .collect::<Result<Cards, _>>()
                .unwrap(),
        );
        start += n;
    }
    let rest: Cards = deck[start..].iter().copied().collect::<Result<Cards, _>>().unwrap();
    let to_move = Seat::ALL[rng::below(&mut r, seats as u32) as usize];
    let mut to_beat = None;
    if beat && !rest.is_empty() {
        let mut plays = Vec::new();
        lead_plays(rest, &mut plays);
        let play = plays[rng::below(&mut r, plays.len() as u32) as usize];
        let offset = 1 + rng::below(&mut r, seats as u32 - 1) as usize;
        let by = Seat::ALL[(to_move.index() + offset) % seats];
        to_beat = Some((by, play));
    }
    Position::new(&hands, to_move, to_beat).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn solves_keep_their_time_limit(
        seed in any::<u64>(),
        seats in 2usize..=3,
        sizes in [1usize..=20, 1usize..=20, 1usize..=20],
        beat in any::<bool>(),
        t in 1u32..=200,
    ) {
        let position = random_position(seed, seats, sizes, beat);
        let clock = MonotonicClock::default();
        let limit = f64::from(t);
        let options = SolveOptions {
            time_limit_ms: Some(limit),
            ..SolveOptions::exhaustive()
        }
        .sized_for(&position);
        let made = Instant::now();
        let mut solver = Solver::new(options.table_bytes);
        let setup = made.elapsed().as_secs_f64() * 1000.0;
        let start = Instant::now();
        let result = solver.solve(&position, &options, &clock);
        let took = start.elapsed().as_secs_f64() * 1000.0;
        let cards: Vec<u32> = Seat::ALL[..seats].iter().map(|&s| position.hand(s).len()).collect();
        println!(
            "cards {cards:?} beat {:?}: limit {t} ms, took {took:.1} ms (overshoot {:+.1} ms), table {} KB in {setup:.1} ms, exact {}",
            position.to_beat().map(|(_, p)| p.to_string()),
            took - limit,
            options.table_bytes >> 10,
            result.exact,
        );
        prop_assert!(took <= limit + 250.0, "limit {} ms, took {} ms", t, took);
        if let Some(best) = result.best {
            prop_assert!(position.is_legal(best));
        }
    }
}
