//! Property tests of the referee over random deals and random play: cards
//! are conserved, every game ends, illegal moves are refused without changing
//! anything, and the score follows from the record.

use engine::agents::RandomPlayer;
use engine::clock::Deadline;
use engine::{rng, Cards, Deal, Game, IllegalMove, Kind, Move, Player, Scoring, Seat, Team};
use proptest::prelude::*;

mod reference;

/// Plays `game` out with random players, checking the referee at every step.
fn play_randomly(game: &mut Game, seed: u64) {
    let start: Vec<Cards> = game.seat_list().iter().map(|&s| game.hand(s)).collect();
    let total = start.iter().fold(Cards::EMPTY, |a, &h| a.checked_add(h).unwrap());
    let mut players: Vec<RandomPlayer> = (0..game.seats()).map(|i| RandomPlayer::new(seed + i as u64)).collect();
    let mut probe = rng::from_seed(seed ^ 0xabcdef);
    let mut legal = Vec::new();
    // Each play removes at least one card and at most seats-1 passes follow it.
    let bound = total.len() as usize * game.seats();
    for step in 0.. {
        assert!(step <= bound, "game did not end within {bound} moves");
        if game.is_over() {
            break;
        }
        legal.clear();
        game.legal_moves(&mut legal);
        assert!(!legal.is_empty());
        let leading = game.to_beat().is_none();
        assert_eq!(legal.contains(&Move::Pass), !leading);

        // An illegal move is refused and leaves the game untouched.
        let before = game.clone();
        if leading {
            assert_eq!(game.apply(Move::Pass), Err(IllegalMove::PassOnLead(game.to_move())));
        } else if let Some((_, target)) = game.to_beat() {
            let mut own: Vec<engine::Play> = Vec::new();
            engine::lead_plays(game.hand(game.to_move()), &mut own);
            if let Some(weak) = own.iter().find(|p| !p.beats(target)) {
                assert!(matches!(
                    game.apply(Move::Play(*weak)),
                    Err(IllegalMove::DoesNotBeat { .. })
                ));
            }
        }
        let others = game
            .seat_list()
            .iter()
            .filter(|&&s| s != game.to_move())
            .fold(Cards::EMPTY, |a, &s| a.checked_add(game.hand(s)).unwrap());
        let mut theirs: Vec<engine::Play> = Vec::new();
        engine::lead_plays(others, &mut theirs);
        if !theirs.is_empty() {
            let foreign = theirs[rng::below(&mut probe, theirs.len() as u32) as usize];
            if !game.hand(game.to_move()).contains(foreign.cards()) {
                assert!(game.apply(Move::Play(foreign)).is_err());
            }
        }
        assert_eq!(*game, before);

        let seat = game.to_move();
        let mv = players[seat.index()].choose(&game.view(seat), &Deadline::NONE);
        assert!(legal.contains(&mv), "{mv} is not among the legal moves");
        // Every play is legal by the independent reference, too.
        if let Move::Play(p) = mv {
            let reading = (p.kind(), p.rank().index() as u8, p.chain_len());
            let cards: Vec<u8> = p.cards().iter().map(|r| r.index() as u8).collect();
            assert!(reference::ref_readings(&cards).contains(&reading), "{p:?}");
            if let Some((_, t)) = game.to_beat() {
                assert!(reference::ref_beats(
                    reading,
                    (t.kind(), t.rank().index() as u8, t.chain_len())
                ));
            }
        }
        game.apply(mv).unwrap();

        // Conservation: what is held plus what was played is what was dealt.
        let played = game
            .record()
            .iter()
            .fold(Cards::EMPTY, |a, t| a.checked_add(t.mv.cards()).unwrap());
        let held = game
            .seat_list()
            .iter()
            .fold(Cards::EMPTY, |a, &s| a.checked_add(game.hand(s)).unwrap());
        assert_eq!(held.checked_add(played), Some(total));
    }
}

/// The score as rules.md defines it, recomputed from the record alone.
fn score_from_record(game: &Game, scoring: Scoring) -> i64 {
    let record = game.record();
    let winner = record.last().unwrap().seat;
    let b = record
        .iter()
        .filter(|t| matches!(t.mv.play().map(|p| p.kind()), Some(Kind::Bomb | Kind::Rocket)))
        .count() as u32;
    let plays_by = |team: Team| {
        record
            .iter()
            .filter(|t| t.seat.team() == team && t.mv != Move::Pass)
            .count()
    };
    let sign = if winner == Seat::Landlord { 1 } else { -1 };
    match scoring {
        Scoring::Tournament => sign * (1 + b as i64),
        Scoring::Online => {
            let spring = winner == Seat::Landlord && plays_by(Team::Farmers) == 0;
            let anti = winner != Seat::Landlord && plays_by(Team::Landlord) == 1;
            sign * 2i64.pow(b) * if spring || anti { 2 } else { 1 }
        }
    }
}

fn check_end(game: &Game) {
    let outcome = game.outcome().expect("finished");
    assert!(game.hand(outcome.winner).is_empty());
    for &s in game.seat_list() {
        if s != outcome.winner {
            assert!(!game.hand(s).is_empty(), "only one seat goes out");
        }
    }
    for scoring in [Scoring::Tournament, Scoring::Online] {
        let score = outcome.score(scoring);
        assert_eq!(score, score_from_record(game, scoring));
        // Zero-sum: what the landlord wins, the farmer team loses.
        assert_eq!(
            outcome.team_score(Team::Landlord, scoring) + outcome.team_score(Team::Farmers, scoring),
            0
        );
        assert_eq!(outcome.team_score(Team::Landlord, scoring), score);
        assert_eq!(score > 0, outcome.winner == Seat::Landlord);
    }
    // Replaying the record from the start reaches the same state.
    // So does `Game::at` at every step, and its trick is the record from
    // the last move made on lead.
    let mut replay = Game::from_hands(&start_hands(game)).unwrap();
    let mut lead = 0;
    for (k, t) in game.record().iter().enumerate() {
        let at = game.at(k);
        assert_eq!(at.record(), replay.record());
        assert_eq!((at.to_move(), at.to_beat()), (replay.to_move(), replay.to_beat()));
        assert_eq!(at.trick(), &game.record()[lead..k]);
        assert_eq!(replay.to_move(), t.seat);
        if replay.to_beat().is_none() {
            lead = k;
        }
        replay.apply(t.mv).unwrap();
    }
    assert_eq!(game.at(game.record().len()), *game);
    assert_eq!(game.trick(), &game.record()[lead..]);
    assert_eq!(replay.record(), game.record());
    assert_eq!(replay.outcome(), game.outcome());
}

fn start_hands(game: &Game) -> Vec<Cards> {
    game.seat_list()
        .iter()
        .map(|&s| {
            game.record()
                .iter()
                .filter(|t| t.seat == s)
                .fold(game.hand(s), |a, t| a.checked_add(t.mv.cards()).unwrap())
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn three_seat_random_games_are_refereed_correctly(seed in any::<u64>()) {
        let mut game = Game::new(&Deal::from_seed(seed));
        play_randomly(&mut game, seed);
        check_end(&game);
    }

    #[test]
    fn one_on_one_random_games_are_refereed_correctly(seed in any::<u64>(), a in 1usize..=20, b in 1usize..=20) {
        // Two hands cut from a shuffled deck.
        let mut deck: Vec<engine::Rank> = Cards::DECK.iter().collect();
        rng::shuffle(&mut rng::from_seed(seed), &mut deck);
        let hand = |cards: &[engine::Rank]| cards.iter().copied().collect::<Result<Cards, _>>().unwrap();
        let mut game = Game::from_hands(&[hand(&deck[..a]), hand(&deck[a..a + b])]).unwrap();
        play_randomly(&mut game, seed);
        check_end(&game);
    }
}
