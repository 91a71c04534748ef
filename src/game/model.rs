//! The Play page's game apart from the page: who sits where, the auction,
//! the record with each card's face, practice undo and redo, the score and
//! the session's running total. Pure Rust, tested natively; the page draws
//! it (`view.rs`) and saves it (`saved.rs`).

use engine::bidding::{Auction, AuctionState, Bid, BidError};
use engine::{readings, Cards, Deal, Game, IllegalMove, Move, Outcome, Play, RecordError, Scoring, Seat, Turn};
use thiserror::Error;

use crate::suits::Faces;

/// Where a player sits, seen from the user: the user at the bottom, the next
/// player (下家) on the right, the previous one (上家) on the left, as every
/// Chinese client draws it. Turn order is Me → Right → Left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chair {
    Me,
    Right,
    Left,
}

impl Chair {
    pub const ALL: [Chair; 3] = [Chair::Me, Chair::Right, Chair::Left];

    pub const fn index(self) -> usize {
        self as usize
    }

    const fn from_index(i: usize) -> Chair {
        Chair::ALL[i % 3]
    }

    /// The name in links and saved games: `me`, `right`, `left`.
    pub const fn name(self) -> &'static str {
        match self {
            Chair::Me => "me",
            Chair::Right => "right",
            Chair::Left => "left",
        }
    }

    pub fn from_name(name: &str) -> Option<Chair> {
        Chair::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The chair that plays after this one.
    pub const fn next(self) -> Chair {
        Chair::from_index(self as usize + 1)
    }
}

/// How a deal is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// 叫分: bid 1–3 for the landlord; the bid times 2 per bomb or rocket,
    /// and 2 for spring, is what the deal is worth (the online rule).
    Classic,
    /// The papers' tournament rules: a fixed landlord, ±(1 + bombs).
    Tournament,
}

impl Mode {
    pub const ALL: [Mode; 2] = [Mode::Classic, Mode::Tournament];

    pub const fn name(self) -> &'static str {
        match self {
            Mode::Classic => "classic",
            Mode::Tournament => "tournament",
        }
    }

    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == name)
    }

    pub const fn scoring(self) -> Scoring {
        match self {
            Mode::Classic => Scoring::Online,
            Mode::Tournament => Scoring::Tournament,
        }
    }
}

/// What fixes a deal before anyone bids or plays. The seed deals three
/// hands (`Deal::from_seed`'s, the bottom cards aside); `first` is the chair
/// holding the first of them, which bids first in classic mode and is the
/// landlord in tournament mode. So one seed looks the same in both modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub seed: u64,
    pub mode: Mode,
    pub first: Chair,
}

impl Setup {
    /// Tournament rules with the user in `seat`.
    pub const fn tournament(seed: u64, seat: Seat) -> Setup {
        Setup {
            seed,
            mode: Mode::Tournament,
            first: Chair::from_index(3 - seat.index()),
        }
    }

    pub const fn classic(seed: u64, first: Chair) -> Setup {
        Setup {
            seed,
            mode: Mode::Classic,
            first,
        }
    }

    /// The chair holding the seeded deal's hand `hand` (0, 1 or 2).
    const fn chair_of_hand(self, hand: usize) -> Chair {
        Chair::from_index(self.first.index() + hand)
    }

    const fn hand_of_chair(self, chair: Chair) -> usize {
        (chair.index() + 3 - self.first.index()) % 3
    }

    /// The user's seat under tournament rules (in classic mode the auction
    /// decides it).
    pub const fn fixed_seat(self) -> Option<Seat> {
        match self.mode {
            Mode::Tournament => Some(Seat::ALL[self.hand_of_chair(Chair::Me)]),
            Mode::Classic => None,
        }
    }
}

/// One turn of the record (the engine's [`Turn`]) with the faces of the
/// cards it played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FacedTurn {
    pub seat: Seat,
    pub mv: Move,
    pub faces: Faces,
}

impl From<FacedTurn> for Turn {
    fn from(t: FacedTurn) -> Turn {
        Turn { seat: t.seat, mv: t.mv }
    }
}

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Bidding {
        to_bid: Chair,
    },
    /// Everyone passed: the cards are redealt.
    AllPassed,
    Playing {
        to_move: Chair,
    },
    Over(Outcome),
}

/// What the multiplier is made of so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stakes {
    pub mode: Mode,
    /// The winning bid (classic mode), else 1.
    pub bid: u8,
    pub bombs: u32,
    /// 春天 or 反春, once the deal is over (online scoring only counts it).
    pub spring: bool,
}

impl Stakes {
    /// Points the landlord wins or loses (each farmer the same, opposite).
    pub fn multiplier(self) -> i64 {
        i64::from(self.bid) * self.mode.scoring().multiplier(self.bombs, self.spring)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RestoreError {
    #[error("bid {index}: {source}")]
    Bid { index: usize, source: BidError },
    #[error("bids in tournament mode")]
    BidsInTournament,
    #[error("moves before the auction is won")]
    MovesBeforeLandlord,
    #[error("move {index}: {source}")]
    Move { index: usize, source: IllegalMove },
    #[error("move {index}: it was the {expected}'s turn, not the {seat}'s")]
    OutOfTurn { index: usize, expected: Seat, seat: Seat },
    #[error("move {index}: its cards are not the ones its faces show")]
    Faces { index: usize },
    #[error("a move to redo does not follow the record")]
    Redo,
    /// Any other objection of the referee's to the record (a table of
    /// three has every seat, so none is expected).
    #[error("{0}")]
    Record(RecordError),
}

impl From<RecordError> for RestoreError {
    fn from(e: RecordError) -> RestoreError {
        match e {
            RecordError::Illegal { turn, problem } => RestoreError::Move {
                index: turn,
                source: problem,
            },
            RecordError::OutOfTurn { turn, expected, seat } => RestoreError::OutOfTurn {
                index: turn,
                expected,
                seat,
            },
            other => RestoreError::Record(other),
        }
    }
}

/// A deal at the Play page's table, from the auction to the end.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayDeal {
    setup: Setup,
    auction: Auction,
    /// The seeded hands' faces, then the bottom cards'.
    faces: [Faces; 4],
    /// Once the landlord is known: the deal (landlord first) and the game.
    game: Option<(Deal, Game)>,
    record: Vec<FacedTurn>,
    /// Moves undone in practice, the next one last.
    redo: Vec<FacedTurn>,
}

impl PlayDeal {
    pub fn new(setup: Setup) -> PlayDeal {
        let auction = Auction::from_seed(setup.seed);
        let bottom = auction.bottom();
        let parts = [auction.hand(0), auction.hand(1), auction.hand(2), bottom];
        let faces = Faces::deal(&parts);
        let faces = [faces[0], faces[1], faces[2], faces[3]];
        let game = match setup.mode {
            Mode::Tournament => {
                let deal = Deal::from_seed(setup.seed);
                Some((deal, Game::new(&deal)))
            }
            Mode::Classic => None,
        };
        PlayDeal {
            setup,
            auction,
            faces,
            game,
            record: vec![],
            redo: vec![],
        }
    }

    /// A saved table, checked move by move through the referee.
    pub fn restore(
        setup: Setup,
        bids: &[Bid],
        record: &[FacedTurn],
        redo: &[FacedTurn],
    ) -> Result<PlayDeal, RestoreError> {
        let mut table = PlayDeal::new(setup);
        if setup.mode == Mode::Tournament && !bids.is_empty() {
            return Err(RestoreError::BidsInTournament);
        }
        for (i, &bid) in bids.iter().enumerate() {
            table
                .bid(bid)
                .map_err(|source| RestoreError::Bid { index: i + 1, source })?;
        }
        let Some((deal, _)) = table.game else {
            return match (record.is_empty(), redo.is_empty()) {
                (false, _) => Err(RestoreError::MovesBeforeLandlord),
                (true, false) => Err(RestoreError::Redo),
                (true, true) => Ok(table),
            };
        };
        // The referee's verdict, then each move's faces up to the first
        // move it refuses: a move's seat was checked before its faces, its
        // play after them.
        let replayed = match Game::replay(&deal, record) {
            // A move after the end: its seat is checked first, as above.
            Err(RecordError::Illegal {
                turn,
                problem: IllegalMove::GameOver,
            }) => {
                let expected = Game::replay(&deal, &record[..turn - 1])?.to_move();
                let seat = record[turn - 1].seat;
                if seat == expected {
                    Err(RecordError::Illegal {
                        turn,
                        problem: IllegalMove::GameOver,
                    })
                } else {
                    Err(RecordError::OutOfTurn { turn, expected, seat })
                }
            }
            replayed => replayed,
        };
        let checked_faces = match &replayed {
            Ok(_) => record.len(),
            Err(RecordError::Illegal { turn, .. }) => *turn,
            Err(RecordError::OutOfTurn { turn, .. }) => turn - 1,
            Err(_) => 0,
        };
        for (i, turn) in record[..checked_faces].iter().enumerate() {
            let held = table.faces_after_record(record, turn.seat, i);
            if turn.faces.cards() != turn.mv.cards() || !turn.faces.is_subset(held) {
                return Err(RestoreError::Faces { index: i + 1 });
            }
        }
        let game = replayed?;
        // The moves to redo must replay from here.
        let redo_turns: Vec<FacedTurn> = redo.iter().rev().copied().collect();
        if game.clone().replay_moves(&redo_turns).is_err() {
            return Err(RestoreError::Redo);
        }
        table.game = Some((deal, game));
        table.record = record.to_vec();
        table.redo = redo.to_vec();
        Ok(table)
    }

    pub fn setup(&self) -> Setup {
        self.setup
    }

    /// Bid for or played, and not over: worth keeping if another deal
    /// takes its place.
    pub fn in_progress(&self) -> bool {
        let started = !self.auction.bids().is_empty() || !self.record.is_empty();
        started && !matches!(self.phase(), Phase::Over(_) | Phase::AllPassed)
    }

    pub fn bids(&self) -> &[Bid] {
        self.auction.bids()
    }

    pub fn record(&self) -> &[FacedTurn] {
        &self.record
    }

    pub fn redo_moves(&self) -> &[FacedTurn] {
        &self.redo
    }

    /// The deal, landlord first, once the landlord is known.
    pub fn deal(&self) -> Option<Deal> {
        self.game.as_ref().map(|(d, _)| *d)
    }

    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref().map(|(_, g)| g)
    }

    /// The chair of the seeded hand that became the landlord's.
    fn landlord_hand(&self) -> Option<usize> {
        match (self.setup.mode, self.auction.state()) {
            (Mode::Tournament, _) => Some(0),
            (Mode::Classic, AuctionState::Won { landlord, .. }) => Some(landlord),
            _ => None,
        }
    }

    pub fn landlord(&self) -> Option<Chair> {
        self.landlord_hand().map(|k| self.setup.chair_of_hand(k))
    }

    /// The seat a chair plays, once the landlord is known.
    pub fn seat_of(&self, chair: Chair) -> Option<Seat> {
        let k = self.landlord_hand()?;
        Some(Seat::ALL[(self.setup.hand_of_chair(chair) + 3 - k) % 3])
    }

    /// The chair playing a seat (only asked once the landlord is known).
    pub fn chair_of(&self, seat: Seat) -> Chair {
        let k = self.landlord_hand().unwrap_or(0);
        self.setup.chair_of_hand(seat.index() + k)
    }

    pub fn phase(&self) -> Phase {
        match (&self.game, self.auction.state()) {
            (Some((_, game)), _) => match game.outcome() {
                Some(outcome) => Phase::Over(outcome),
                None => Phase::Playing {
                    to_move: self.chair_of(game.to_move()),
                },
            },
            (None, AuctionState::Open { to_bid }) => Phase::Bidding {
                to_bid: self.setup.chair_of_hand(to_bid),
            },
            (None, _) => Phase::AllPassed,
        }
    }

    /// What the bidder in `chair` called, if it has.
    pub fn bid_of(&self, chair: Chair) -> Option<Bid> {
        // Bidders call in the seeded hands' order, once each.
        self.auction.bids().get(self.setup.hand_of_chair(chair)).copied()
    }

    /// The highest bid so far.
    pub fn highest_bid(&self) -> Option<Bid> {
        self.auction.highest().map(|(_, bid)| bid)
    }

    pub fn allows_bid(&self, bid: Bid) -> bool {
        self.game.is_none() && self.auction.allows(bid)
    }

    /// The hand dealt to `chair` before the bottom cards go anywhere.
    pub fn dealt(&self, chair: Chair) -> Cards {
        self.auction.hand(self.setup.hand_of_chair(chair))
    }

    pub fn bottom(&self) -> Cards {
        self.auction.bottom()
    }

    pub fn bottom_faces(&self) -> Faces {
        self.faces[3]
    }

    /// The faces a seat started the play with.
    fn faces_dealt(&self, seat: Seat) -> Faces {
        let chair = self.chair_of(seat);
        let own = self.faces[self.setup.hand_of_chair(chair)];
        if seat == Seat::Landlord {
            own.union(self.faces[3])
        } else {
            own
        }
    }

    fn faces_now(&self, seat: Seat) -> Faces {
        self.faces_after(seat, self.record.len())
    }

    /// A seat's faces after the first `step` moves.
    pub fn faces_after(&self, seat: Seat, step: usize) -> Faces {
        self.faces_after_record(&self.record, seat, step)
    }

    /// A seat's faces after the first `step` moves of `record`.
    fn faces_after_record(&self, record: &[FacedTurn], seat: Seat, step: usize) -> Faces {
        record[..step.min(record.len())]
            .iter()
            .filter(|t| t.seat == seat)
            .fold(self.faces_dealt(seat), |held, t| held.minus(t.faces))
    }

    /// Each chair's cards after `step` moves (before the auction is won:
    /// the dealt hands).
    pub fn hands_after(&self, step: usize) -> [Faces; 3] {
        Chair::ALL.map(|chair| match self.seat_of(chair) {
            Some(seat) if self.game.is_some() => self.faces_after(seat, step),
            _ => self.faces[self.setup.hand_of_chair(chair)],
        })
    }

    /// Makes a call in the auction; a won auction starts the play.
    pub fn bid(&mut self, bid: Bid) -> Result<(), BidError> {
        self.auction.bid(bid)?;
        if let Some(deal) = self.auction.deal() {
            self.game = Some((deal, Game::new(&deal)));
        }
        Ok(())
    }

    /// Makes the next move, taking the cards it plays from `prefer` first
    /// (the cards the user selected), and clears what could be redone.
    pub fn play(&mut self, mv: Move, prefer: Faces) -> Result<(), IllegalMove> {
        let Some((_, game)) = self.game.as_mut() else {
            return Err(IllegalMove::GameOver);
        };
        let seat = game.to_move();
        game.apply(mv)?;
        let held = self.faces_now(seat);
        // The referee checked the seat holds the cards, so the pick succeeds.
        let faces = held.pick(mv.cards(), prefer).unwrap_or_default();
        self.record.push(FacedTurn { seat, mv, faces });
        self.redo.clear();
        Ok(())
    }

    /// Whether the user (in `me`'s seat) has a move to take back.
    pub fn can_undo(&self) -> bool {
        let me = self.seat_of(Chair::Me);
        self.record.iter().any(|t| Some(t.seat) == me)
    }

    /// Back to the user's last turn, before its move (practice mode).
    pub fn undo(&mut self) {
        let me = self.seat_of(Chair::Me);
        let Some(i) = self.record.iter().rposition(|t| Some(t.seat) == me) else {
            return;
        };
        if let Some((_, game)) = self.game.as_mut() {
            *game = game.at(i);
        }
        let undone: Vec<FacedTurn> = self.record.drain(i..).collect();
        self.redo.extend(undone.into_iter().rev());
    }

    /// Forward again to the user's next turn.
    pub fn redo(&mut self) {
        let me = self.seat_of(Chair::Me);
        let mut first = true;
        while let Some(turn) = self.redo.pop() {
            if !first && Some(turn.seat) == me {
                self.redo.push(turn);
                break;
            }
            first = false;
            let rest = std::mem::take(&mut self.redo);
            if self.play(turn.mv, turn.faces).is_err() {
                break;
            }
            self.redo = rest;
        }
    }

    /// Each chair's move in the latest trick after `step` moves, with its
    /// number in the record (from 1). A trick taken (every other seat
    /// passed) stays, its last pass too, until the next lead clears it, so
    /// a player sees who took it and with what.
    pub fn trick_after(&self, step: usize) -> [Option<(usize, FacedTurn)>; 3] {
        let mut trick = [None; 3];
        let Some((_, game)) = &self.game else {
            return trick;
        };
        let step = step.min(self.record.len());
        let lead = step - game.at(step).trick().len();
        for (i, turn) in self.record[..step].iter().enumerate().skip(lead) {
            trick[self.chair_of(turn.seat).index()] = Some((i + 1, *turn));
        }
        trick
    }

    /// The chair that took the trick, when the move before `step` ended
    /// it (every other seat passed) and the deal goes on.
    pub fn trick_taken_after(&self, step: usize) -> Option<Chair> {
        let step = step.min(self.record.len());
        let last = self.record[..step].last()?;
        if last.mv != Move::Pass {
            return None;
        }
        let game = self.game.as_ref()?.1.at(step);
        (game.to_beat().is_none() && !game.is_over()).then(|| self.chair_of(game.to_move()))
    }

    /// The stakes after `step` moves.
    pub fn stakes_after(&self, step: usize) -> Stakes {
        let bid = match self.setup.mode {
            Mode::Classic => self.highest_bid().map_or(1, |b| b.points()),
            Mode::Tournament => 1,
        };
        let moves = &self.record[..step.min(self.record.len())];
        let bombs = moves
            .iter()
            .filter(|t| t.mv.play().is_some_and(|p| p.is_bomb_or_rocket()))
            .count() as u32;
        let spring = step >= self.record.len() && matches!(self.phase(), Phase::Over(o) if o.spring || o.anti_spring);
        Stakes {
            mode: self.setup.mode,
            bid,
            bombs,
            spring,
        }
    }

    /// Points each chair wins (negative: loses) when the deal is over. The
    /// landlord settles with each farmer: in classic mode it wins or pays
    /// the stake to each (twice in all); under tournament rules the score is
    /// the landlord's and the farmers' its negation (rules.md).
    pub fn points(&self) -> Option<[i64; 3]> {
        let Phase::Over(outcome) = self.phase() else {
            return None;
        };
        let stake = self.stakes_after(self.record.len()).multiplier();
        let sign = if outcome.winner == Seat::Landlord { 1 } else { -1 };
        let landlord_share = match self.setup.mode {
            Mode::Classic => 2,
            Mode::Tournament => 1,
        };
        Some(Chair::ALL.map(|chair| match self.seat_of(chair) {
            Some(Seat::Landlord) => sign * stake * landlord_share,
            _ => -sign * stake,
        }))
    }
}

/// The running score of a session: the points each chair has won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Session {
    pub totals: [i64; 3],
    pub deals: u32,
}

impl Session {
    /// Adds a finished deal's points (nothing for an unfinished one).
    pub fn settle(&mut self, table: &PlayDeal) {
        if let Some(points) = table.points() {
            for (total, p) in self.totals.iter_mut().zip(points) {
                *total = total.saturating_add(p);
            }
            self.deals = self.deals.saturating_add(1);
        }
    }
}

/// What the user's selected cards make, when it is their turn.
#[derive(Clone, Debug, PartialEq)]
pub enum Selection {
    Empty,
    /// No reading of these cards is a combination.
    NotACombination,
    /// A combination, but none of its readings beats the play to beat.
    DoesNotBeat(Play),
    /// The legal plays these cards make (more than one: the user chooses).
    Plays(Vec<Play>),
}

pub fn selection(game: &Game, selected: Cards) -> Selection {
    selection_against(game.to_beat().map(|(_, p)| p), selected)
}

/// What `selected` makes against `to_beat` (nothing to beat: a lead); the
/// Endgame page's board asks it of a position.
pub fn selection_against(to_beat: Option<Play>, selected: Cards) -> Selection {
    if selected.is_empty() {
        return Selection::Empty;
    }
    let all = readings(selected);
    if all.is_empty() {
        return Selection::NotACombination;
    }
    match to_beat {
        None => Selection::Plays(all),
        Some(target) => {
            let beating: Vec<Play> = all.into_iter().filter(|p| p.beats(target)).collect();
            if beating.is_empty() {
                Selection::DoesNotBeat(target)
            } else {
                Selection::Plays(beating)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::agents::bidding::choose_bid;

    fn play_first_legal(table: &mut PlayDeal) {
        let mut moves = vec![];
        table.game().unwrap().legal_moves(&mut moves);
        let mv = *moves.last().unwrap();
        table.play(mv, Faces::EMPTY).unwrap();
    }

    #[test]
    fn tournament_seats_sit_in_turn_order() {
        for seat in Seat::ALL {
            let table = PlayDeal::new(Setup::tournament(7, seat));
            assert_eq!(table.setup().fixed_seat(), Some(seat));
            assert_eq!(table.seat_of(Chair::Me), Some(seat));
            // 下家 on the right plays after the user, 上家 on the left before.
            assert_eq!(table.seat_of(Chair::Right), Some(seat.next(3)));
            assert_eq!(table.seat_of(Chair::Left), Some(seat.next(3).next(3)));
            for chair in Chair::ALL {
                assert_eq!(table.chair_of(table.seat_of(chair).unwrap()), chair);
            }
            assert_eq!(table.deal(), Some(Deal::from_seed(7)));
            let me = table.hands_after(0)[Chair::Me.index()];
            assert_eq!(me.cards(), Deal::from_seed(7).hand(seat));
        }
    }

    #[test]
    fn the_auction_decides_the_seats_and_the_same_seed_looks_the_same() {
        for first in Chair::ALL {
            let mut table = PlayDeal::new(Setup::classic(7, first));
            assert_eq!(table.phase(), Phase::Bidding { to_bid: first });
            table.bid(Bid::Pass).unwrap();
            table.bid(Bid::Three).unwrap();
            let landlord = first.next();
            assert_eq!(table.landlord(), Some(landlord));
            assert_eq!(table.seat_of(landlord), Some(Seat::Landlord));
            assert_eq!(table.seat_of(landlord.next()), Some(Seat::Farmer1));
            assert_eq!(table.phase(), Phase::Playing { to_move: landlord });
            let hands = table.hands_after(0);
            assert_eq!(hands[landlord.index()].len(), 20);
            assert!(table.bottom_faces().is_subset(hands[landlord.index()]));
            // The same seed in tournament mode shows the same cards.
            let other = PlayDeal::new(Setup::tournament(7, Seat::Landlord));
            let faces = |t: &PlayDeal| t.hands_after(0).iter().fold(Faces::EMPTY, |a, f| a.union(*f));
            assert_eq!(faces(&table), faces(&other));
        }
    }

    #[test]
    fn three_passes_redeal_and_bad_bids_are_refused() {
        let mut table = PlayDeal::new(Setup::classic(3, Chair::Right));
        table.bid(Bid::Two).unwrap();
        assert!(!table.allows_bid(Bid::One));
        assert!(table.bid(Bid::One).is_err());
        let mut table = PlayDeal::new(Setup::classic(3, Chair::Right));
        for _ in 0..3 {
            table.bid(Bid::Pass).unwrap();
        }
        assert_eq!(table.phase(), Phase::AllPassed);
        assert_eq!(table.deal(), None);
    }

    #[test]
    fn a_whole_deal_settles_and_restores() {
        for seed in 0..30 {
            let mut table = PlayDeal::new(Setup::classic(seed, Chair::ALL[seed as usize % 3]));
            while let Phase::Bidding { to_bid } = table.phase() {
                let bid = choose_bid(table.dealt(to_bid), table.highest_bid());
                table.bid(bid).unwrap();
            }
            if table.phase() == Phase::AllPassed {
                continue;
            }
            while matches!(table.phase(), Phase::Playing { .. }) {
                play_first_legal(&mut table);
            }
            let points = table.points().unwrap();
            let landlord = table.landlord().unwrap();
            let farmers: i64 = Chair::ALL
                .iter()
                .filter(|&&c| c != landlord)
                .map(|c| points[c.index()])
                .sum();
            assert_eq!(
                points[landlord.index()],
                -farmers,
                "seed {seed}: classic settles zero-sum"
            );
            let stake = table.stakes_after(table.record().len());
            assert_eq!(points[landlord.index()].abs(), 2 * stake.multiplier());
            let mut session = Session::default();
            session.settle(&table);
            assert_eq!((session.totals, session.deals), (points, 1));
            let back = PlayDeal::restore(table.setup(), table.bids(), table.record(), &[]).unwrap();
            assert_eq!(back, table);
        }
    }

    #[test]
    fn undo_and_redo_walk_the_users_turns() {
        let mut table = PlayDeal::new(Setup::tournament(11, Seat::Farmer1));
        for _ in 0..7 {
            play_first_legal(&mut table);
        }
        let before = table.clone();
        table.undo();
        // Back before the user's (farmer 1's) move 5.
        assert_eq!(table.record().len(), 4);
        assert_eq!(table.phase(), Phase::Playing { to_move: Chair::Me });
        assert_eq!(table.hands_after(4), before.hands_after(4));
        table.undo();
        assert_eq!(table.record().len(), 1);
        table.redo();
        assert_eq!(table.record().len(), 4);
        let again = PlayDeal::restore(table.setup(), &[], table.record(), table.redo_moves()).unwrap();
        assert_eq!(again, table);
        table.redo();
        assert_eq!(table.record(), before.record());
        assert!(table.redo_moves().is_empty());
    }

    #[test]
    fn a_play_takes_the_cards_the_user_chose() {
        let mut table = PlayDeal::new(Setup::tournament(5, Seat::Landlord));
        let held = table.hands_after(0)[0];
        let lowest = held.iter().next().unwrap();
        let same_rank: Vec<_> = held.iter().filter(|f| f.rank == lowest.rank).collect();
        let chosen = Faces::of([*same_rank.last().unwrap()]);
        let play = Play::parse(&lowest.rank.letter().to_string()).unwrap();
        table.play(Move::Play(play), chosen).unwrap();
        assert_eq!(table.record()[0].faces, chosen);
        assert_eq!(table.hands_after(1)[0], held.minus(chosen));
    }

    #[test]
    fn restoring_checks_everything() {
        let mut table = PlayDeal::new(Setup::tournament(9, Seat::Landlord));
        play_first_legal(&mut table);
        play_first_legal(&mut table);
        let record = table.record().to_vec();
        let mut wrong_seat = record.clone();
        wrong_seat[1].seat = Seat::Farmer2;
        assert!(matches!(
            PlayDeal::restore(table.setup(), &[], &wrong_seat, &[]),
            Err(RestoreError::OutOfTurn { index: 2, .. })
        ));
        let mut wrong_faces = record.clone();
        wrong_faces[0].faces = Faces::EMPTY;
        assert!(matches!(
            PlayDeal::restore(table.setup(), &[], &wrong_faces, &[]),
            Err(RestoreError::Faces { index: 1 })
        ));
        assert_eq!(
            PlayDeal::restore(table.setup(), &[Bid::One], &[], &[]),
            Err(RestoreError::BidsInTournament)
        );
        let classic = Setup::classic(9, Chair::Me);
        assert_eq!(
            PlayDeal::restore(classic, &[], &record, &[]),
            Err(RestoreError::MovesBeforeLandlord)
        );
        assert!(matches!(
            PlayDeal::restore(classic, &[Bid::Two, Bid::One], &[], &[]),
            Err(RestoreError::Bid { index: 2, .. })
        ));
    }

    #[test]
    fn a_move_after_the_end_names_its_seat_first() {
        let mut table = PlayDeal::new(Setup::tournament(3, Seat::Landlord));
        while matches!(table.phase(), Phase::Playing { .. }) {
            play_first_legal(&mut table);
        }
        let next = table.game().unwrap().to_move();
        let extra = |seat| {
            let mut record = table.record().to_vec();
            record.push(FacedTurn {
                seat,
                mv: Move::Pass,
                faces: Faces::EMPTY,
            });
            PlayDeal::restore(table.setup(), &[], &record, &[])
        };
        let index = table.record().len() + 1;
        assert_eq!(
            extra(next),
            Err(RestoreError::Move {
                index,
                source: IllegalMove::GameOver
            })
        );
        assert_eq!(
            extra(next.next(3)),
            Err(RestoreError::OutOfTurn {
                index,
                expected: next,
                seat: next.next(3)
            })
        );
    }

    #[test]
    fn the_trick_clears_when_a_new_one_starts() {
        let mut table = PlayDeal::new(Setup::tournament(42, Seat::Landlord));
        let lowest = table.game().unwrap().hand(Seat::Landlord).lowest().unwrap();
        let lead = Move::Play(Play::parse(&lowest.letter().to_string()).unwrap());
        for mv in [lead, Move::Pass, Move::Pass] {
            table.play(mv, Faces::EMPTY).unwrap();
        }
        assert_eq!(table.trick_after(0), [None; 3]);
        let trick = table.trick_after(2);
        assert_eq!(trick[Chair::Me.index()].map(|(i, t)| (i, t.mv)), Some((1, lead)));
        assert_eq!(
            trick[Chair::Right.index()].map(|(i, t)| (i, t.mv)),
            Some((2, Move::Pass))
        );
        assert_eq!(trick[Chair::Left.index()], None);
        assert_eq!(table.trick_taken_after(2), None);
        // Both farmers passed: the landlord took the trick; it stays on the
        // table, the last pass too, until the landlord leads again.
        let taken = table.trick_after(3);
        assert_eq!(taken[Chair::Me.index()].map(|(i, t)| (i, t.mv)), Some((1, lead)));
        assert_eq!(
            taken[Chair::Left.index()].map(|(i, t)| (i, t.mv)),
            Some((3, Move::Pass))
        );
        assert_eq!(table.trick_taken_after(3), Some(Chair::Me));
        let next = table.game().unwrap().hand(Seat::Landlord).lowest().unwrap();
        let again = Move::Play(Play::parse(&next.letter().to_string()).unwrap());
        table.play(again, Faces::EMPTY).unwrap();
        let trick = table.trick_after(4);
        assert_eq!(trick[Chair::Me.index()].map(|(i, t)| (i, t.mv)), Some((4, again)));
        assert_eq!((trick[1], trick[2]), (None, None));
        assert_eq!(table.trick_taken_after(4), None);
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        /// Every card of the deck once: in a hand, played, or still the
        /// bottom cards before the auction is won.
        fn check_cards(table: &PlayDeal, step: usize) {
            let mut all = Faces::EMPTY;
            let mut add = |f: Faces| {
                assert!(all.intersection(f).is_empty(), "a card is in two places");
                all = all.union(f);
            };
            table.hands_after(step).into_iter().for_each(&mut add);
            table.record()[..step].iter().for_each(|t| add(t.faces));
            if table.deal().is_none() {
                add(table.bottom_faces());
            }
            assert_eq!(all.cards(), Cards::DECK);
            if let Some(game) = table.game().filter(|_| step == table.record().len()) {
                for chair in Chair::ALL {
                    let seat = table.seat_of(chair).unwrap();
                    assert_eq!(table.hands_after(step)[chair.index()].cards(), game.hand(seat));
                }
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(200))]

            /// Random deals, bids, moves and chosen cards: the cards are
            /// conserved, every state restores from what is saved, undo
            /// and redo walk back and forth, and a finished deal settles
            /// as its mode says.
            #[test]
            fn tables_keep_their_invariants(seed in any::<u64>(), first in 0usize..3, classic in any::<bool>(), picks in prop::collection::vec(any::<u64>(), 120)) {
                let first = Chair::ALL[first];
                let setup = if classic { Setup::classic(seed, first) } else { Setup::tournament(seed, Seat::ALL[first.index()]) };
                let mut table = PlayDeal::new(setup);
                let mut picks = picks.into_iter().cycle();
                while let Phase::Bidding { .. } = table.phase() {
                    let allowed: Vec<Bid> = Bid::ALL.into_iter().filter(|b| table.allows_bid(*b)).collect();
                    let pick = picks.next().unwrap() as usize;
                    table.bid(allowed[pick % allowed.len()]).unwrap();
                }
                if table.phase() == Phase::AllPassed {
                    prop_assert!(table.deal().is_none());
                    check_cards(&table, 0);
                    return Ok(());
                }
                let mut legal = vec![];
                while let Phase::Playing { .. } = table.phase() {
                    legal.clear();
                    table.game().unwrap().legal_moves(&mut legal);
                    let pick = picks.next().unwrap();
                    let mv = legal[pick as usize % legal.len()];
                    // Prefer some random cards of the hand, as a user's selection.
                    let seat = table.game().unwrap().to_move();
                    let held = table.hands_after(table.record().len())[table.chair_of(seat).index()];
                    let prefer = Faces::from_bits(held.bits() & pick.rotate_left(17)).unwrap();
                    table.play(mv, prefer).unwrap();
                    let made = table.record().last().unwrap();
                    prop_assert_eq!(made.faces.cards(), mv.cards());
                    check_cards(&table, table.record().len());
                    let restored = PlayDeal::restore(table.setup(), table.bids(), table.record(), table.redo_moves()).unwrap();
                    prop_assert_eq!(&restored, &table);
                }
                for step in 0..=table.record().len() {
                    check_cards(&table, step);
                }
                let points = table.points().unwrap();
                let landlord = table.landlord().unwrap().index();
                let share = if classic { 2 } else { 1 };
                for (i, p) in points.iter().enumerate() {
                    if i != landlord {
                        prop_assert_eq!(points[landlord], -share * p);
                    }
                }
                let end = table.clone();
                if end.can_undo() {
                    table.undo();
                    prop_assert_eq!(table.phase(), Phase::Playing { to_move: Chair::Me });
                    table.redo();
                    prop_assert_eq!(table, end);
                }
            }
        }
    }
}
