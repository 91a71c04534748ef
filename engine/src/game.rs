//! The referee: turn order, passes, who leads, the end of a deal, its record,
//! and its score (rules.md, "Seats and turn order" and "Scoring").
//!
//! [`Game`] knows everything; a player is only ever given a [`SeatView`],
//! which holds what its seat may know.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::Cards;
use crate::deal::{Deal, HAND_SIZES};
use crate::limits::MAX_HAND;
use crate::movegen;
use crate::play::{Move, Play};
use crate::seat::{Seat, Team};

/// One entry of a deal's record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The seat that moved.
    pub seat: Seat,
    /// What it did: a play, or a pass.
    pub mv: Move,
}

/// A record written as `(seat, move)` pairs (the worker's messages) reads
/// as turns.
impl From<(Seat, Move)> for Turn {
    fn from((seat, mv): (Seat, Move)) -> Turn {
        Turn { seat, mv }
    }
}

/// How a finished deal is scored (the landlord's score; the farmers, as a
/// team, get its negation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// The tournament papers' rule: ±(1 + b), b = bombs and rockets played.
    #[default]
    Tournament,
    /// The common online rule: ±2^b, doubled again for spring (春天) or
    /// anti-spring (反春).
    Online,
}

impl Scoring {
    /// What a deal is worth for `bombs` bombs and rockets played, and
    /// whether it ended in spring or anti-spring: tournament 1 + b (spring
    /// does not count), online 2^b (b capped at 60), doubled for spring.
    /// With bidding (rules.md) the bid is the base this multiplies.
    pub fn multiplier(self, bombs: u32, spring: bool) -> i64 {
        match self {
            Scoring::Tournament => 1 + i64::from(bombs),
            Scoring::Online => {
                let doubled = 1i64 << bombs.min(60);
                if spring {
                    doubled * 2
                } else {
                    doubled
                }
            }
        }
    }
}

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Outcome {
    /// The seat that went out first.
    pub winner: Seat,
    /// Bombs and rockets played.
    pub bombs: u32,
    /// 春天: the landlord won and the farmers never played a card.
    pub spring: bool,
    /// 反春: the farmers won and the landlord made only its first play.
    pub anti_spring: bool,
}

impl Outcome {
    /// The team of the seat that went out first: the landlord alone, or both
    /// farmers (a farmer going out wins for its partner too).
    pub fn winning_team(&self) -> Team {
        self.winner.team()
    }

    /// A team's score: the landlord's score, or its negation for the farmers.
    pub fn team_score(&self, team: Team, scoring: Scoring) -> i64 {
        match team {
            Team::Landlord => self.score(scoring),
            Team::Farmers => -self.score(scoring),
        }
    }

    /// The landlord's score under `scoring`.
    pub fn score(&self, scoring: Scoring) -> i64 {
        let sign = if self.winning_team() == Team::Landlord { 1 } else { -1 };
        sign * scoring.multiplier(self.bombs, self.spring || self.anti_spring)
    }
}

/// Why the referee refused a move ([`Game::apply`]).
#[derive(Clone, Debug, PartialEq, Eq, Error, serde::Serialize, serde::Deserialize)]
pub enum IllegalMove {
    /// No move is accepted once a seat has gone out.
    #[error("the deal is over")]
    GameOver,
    /// The seat leads (nothing to beat), so it must play.
    #[error("the {0} leads and cannot pass")]
    PassOnLead(Seat),
    /// The play uses cards the seat does not hold.
    #[error("the {seat} does not hold {cards}")]
    NotHeld {
        /// The seat that tried the play.
        seat: Seat,
        /// The cards of the play.
        cards: Cards,
    },
    /// The play is not the same kind and length with a higher main rank, nor a
    /// bomb or rocket over it (rules.md, "Following").
    #[error("{play} does not beat {target}")]
    DoesNotBeat {
        /// The refused play, in its written form.
        play: String,
        /// The play to beat, in its written form.
        target: String,
    },
}

/// Why a record does not make a view (see [`SeatView::from_record`]).
#[derive(Clone, Debug, PartialEq, Eq, Error, serde::Serialize, serde::Deserialize)]
pub enum RecordError {
    /// A move by a seat other than the one whose turn it was.
    #[error("turn {turn}: it was the {expected}'s turn, not the {seat}'s")]
    OutOfTurn {
        /// 1-based index of the move in the record.
        turn: usize,
        /// The seat whose turn it was.
        expected: Seat,
        /// The seat the record names.
        seat: Seat,
    },
    /// A move against the rules.
    #[error("turn {turn}: {problem}")]
    Illegal {
        /// 1-based index of the move in the record.
        turn: usize,
        /// What was wrong with it.
        problem: IllegalMove,
    },
    /// A seat past the table's last seat (farmer 2 at a table of two).
    #[error("the {seat} is not at a table of {seats}")]
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
        /// Seats at the table: 2 or 3.
        seats: usize,
    },
    /// After the record it is another seat's turn (the named one), not the
    /// viewing seat's.
    #[error("after the record it is the {0}'s turn")]
    NotYourTurn(Seat),
    /// The hand's size is not the seat's entry in the counts.
    #[error("the hand has {hand} cards but the counts say {count}")]
    HandSize {
        /// Cards in the hand given.
        hand: u32,
        /// Cards the counts give that seat.
        count: u8,
    },
    /// The hand and the cards played hold more of a rank than a deck has.
    #[error("the hand and the cards played hold more of a rank than a deck has")]
    NotFromOneDeck,
    /// A count is 0: that seat has gone out and the deal is over.
    #[error("the deal is already over: the {0} went out")]
    Over(Seat),
    /// Bottom cards at a table of two, which has none.
    #[error("bottom: a table of two has no bottom cards")]
    BottomWithTwoSeats,
    /// Bottom cards that are not exactly 3.
    #[error("bottom: {cards} is {} cards; the bottom is 3", cards.len())]
    BottomSize {
        /// The bottom cards given.
        cards: Cards,
    },
    /// The landlord's view: bottom cards that are neither in its hand nor
    /// among its plays.
    #[error("bottom: {cards} are not all among the landlord's cards (its hand and its plays)")]
    BottomNotLandlords {
        /// The bottom cards given.
        cards: Cards,
    },
    /// A farmer's view: the landlord has fewer cards left than the bottom
    /// cards it has not yet played.
    #[error("bottom: the landlord holds {left} cards, too few for the {unplayed} bottom cards it has not played ({cards})", unplayed = .unplayed.len())]
    BottomNotHeld {
        /// The bottom cards given.
        cards: Cards,
        /// The bottom cards the landlord has not played.
        unplayed: Cards,
        /// Cards left in the landlord's hand.
        left: u8,
    },
    /// A farmer's view: the unplayed bottom cards with the hand and the cards
    /// played hold more of a rank than a deck has.
    #[error("bottom: {cards}, the hand and the cards played hold more of a rank than a deck has")]
    BottomNotFromDeck {
        /// The bottom cards given.
        cards: Cards,
    },
    /// A seat's cards left plus its cards played exceed a hand
    /// ([`MAX_HAND`]).
    #[error("counts.{seat}: {count} cards left after playing {played} makes {}; a hand holds at most {MAX_HAND}", u32::from(*count) + played, seat = seat.name())]
    CountTooBig {
        /// The seat.
        seat: Seat,
        /// Its cards left, from the counts.
        count: u8,
        /// Cards it has played in the record.
        played: u32,
    },
    /// In a dealt game (bottom cards given), a seat's cards left plus its
    /// cards played are not what it was dealt (20 for the landlord, 17 for a
    /// farmer).
    #[error("counts.{seat}: {count} cards left after playing {played} makes {}, but the {seat} of a dealt game (with bottom cards) was dealt {dealt}", u32::from(*count) + played, seat = seat.name())]
    CountNotDealt {
        /// The seat.
        seat: Seat,
        /// Its cards left, from the counts.
        count: u8,
        /// Cards it has played in the record.
        played: u32,
        /// Cards that seat is dealt.
        dealt: u32,
    },
    /// All cards left and played, more than the deck's 54.
    #[error("counts: the cards left and played add up to {0}, more than the deck's 54")]
    CountsOverDeck(u32),
}

/// Why hands, a seat to move and a play to beat do not make a position:
/// a game's ([`Game::from_hands`], [`Game::resume`]) or the solver's
/// ([`crate::solver::Position::new`], which also bounds a hand's cards).
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum PositionError {
    /// Not 2 or 3 hands.
    #[error("a position has 2 or 3 hands, not {0}")]
    SeatCount(usize),
    /// A hand with no cards: the deal is already over.
    #[error("the {0} has no cards: the deal is already over")]
    EmptyHand(Seat),
    /// A hand over [`MAX_HAND`] cards: refused by the solver, since its
    /// search is exponential in the cards.
    #[error("the {seat} has {cards} cards; a hand holds at most {MAX_HAND}")]
    HandTooBig {
        /// The seat.
        seat: Seat,
        /// Cards in its hand.
        cards: u32,
    },
    /// The hands hold more of a rank than a deck has.
    #[error("the hands hold more of a rank than a deck has")]
    NotFromOneDeck,
    /// `to_move` or the seat of the play to beat is not at the table.
    #[error("the {0} is not at this table")]
    NoSuchSeat(Seat),
    /// The seat to move made the play to beat: the others would have passed
    /// and it would lead instead.
    #[error("the {0} cannot be to move right after its own play")]
    MoverMadeLastPlay(Seat),
    /// The play to beat and the hands hold more of a rank than a deck has.
    #[error("the play to beat and the hands together hold more of a rank than a deck has")]
    LastPlayNotFromDeck,
}

/// A deal in progress at a table of 2 or 3 seats, with its full record.
///
/// # Examples
///
/// ```
/// use engine::{Cards, Game, IllegalMove, Move, Scoring, Team};
///
/// // A 1v1 endgame: the landlord holds 334, the farmer 5.
/// let hands: Vec<Cards> = vec!["334".parse()?, "5".parse()?];
/// let mut game = Game::from_hands(&hands)?;
/// game.apply(Move::parse("33")?)?;
/// // A single does not beat a pair; the referee refuses it.
/// let refused = game.apply(Move::parse("5")?);
/// assert!(matches!(refused, Err(IllegalMove::DoesNotBeat { .. })));
/// game.apply(Move::Pass)?;
/// // Everyone else passed: the landlord leads again, and goes out.
/// assert_eq!(game.to_beat(), None);
/// game.apply(Move::parse("4")?)?;
///
/// let outcome = game.outcome().unwrap();
/// assert_eq!(outcome.winning_team(), Team::Landlord);
/// assert!(outcome.spring); // the farmer never played a card
/// assert_eq!(outcome.score(Scoring::Tournament), 1);
/// assert_eq!(outcome.score(Scoring::Online), 2);
/// assert_eq!(game.record().len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    seats: usize,
    hands: [Cards; 3],
    bottom: Option<Cards>,
    to_move: Seat,
    /// The play to beat and who made it; `None` when the seat to move leads.
    to_beat: Option<(Seat, Play)>,
    passes: u8,
    record: Vec<Turn>,
    /// Where the current trick's lead is in the record (0 when the game
    /// was resumed in the middle of a trick and nobody has led since).
    lead: usize,
    /// How the game stood before its first move, for [`Game::at`].
    start: Start,
    bombs: u32,
    plays_made: [u32; 3],
    winner: Option<Seat>,
}

/// The state a game's record is played from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Start {
    hands: [Cards; 3],
    to_move: Seat,
    to_beat: Option<(Seat, Play)>,
    passes: u8,
}

impl Game {
    /// A full three-seat deal; the landlord leads.
    pub fn new(deal: &Deal) -> Game {
        Game::start(3, deal.hands(), deal.bottom())
    }

    /// Any hands for 2 (1v1) or 3 seats, landlord first; the landlord leads.
    /// The hands must come from one deck (no rank held more than it exists).
    pub fn from_hands(hands: &[Cards]) -> Result<Game, PositionError> {
        if !(2..=3).contains(&hands.len()) {
            return Err(PositionError::SeatCount(hands.len()));
        }
        let mut all = Cards::EMPTY;
        for (i, &h) in hands.iter().enumerate() {
            if h.is_empty() {
                return Err(PositionError::EmptyHand(Seat::ALL[i]));
            }
            all = all.checked_add(h).ok_or(PositionError::NotFromOneDeck)?;
        }
        let mut padded = [Cards::EMPTY; 3];
        padded[..hands.len()].copy_from_slice(hands);
        Ok(Game::start(hands.len(), padded, None))
    }

    /// Hands in the middle of a trick: `to_move` is next, `to_beat` the play
    /// to beat and who made it (the seats between passed). For puzzles.
    pub fn resume(hands: &[Cards], to_move: Seat, to_beat: Option<(Seat, Play)>) -> Result<Game, PositionError> {
        let mut game = Game::from_hands(hands)?;
        let seats = hands.len();
        if to_move.index() >= seats {
            return Err(PositionError::NoSuchSeat(to_move));
        }
        if let Some((by, _)) = to_beat {
            if by.index() >= seats {
                return Err(PositionError::NoSuchSeat(by));
            }
            if by == to_move {
                return Err(PositionError::MoverMadeLastPlay(by));
            }
        }
        game.to_move = to_move;
        game.to_beat = to_beat;
        if let Some((by, _)) = to_beat {
            // The seats after `by` and before `to_move` passed.
            game.passes = ((to_move.index() + seats - by.index() - 1) % seats) as u8;
        }
        game.start = Start {
            hands: game.hands,
            to_move,
            to_beat,
            passes: game.passes,
        };
        Ok(game)
    }

    /// The game after `record` from the start of `deal`, every move checked
    /// by the referee: the first one out of turn or against the rules is
    /// named in the error (its 1-based turn, and the problem with the play).
    /// The record is turns, or `(seat, move)` pairs.
    pub fn replay<T: Copy + Into<Turn>>(deal: &Deal, record: &[T]) -> Result<Game, RecordError> {
        Game::new(deal).replay_moves(record)
    }

    /// Plays `record` on from this game, as [`Game::replay`] does.
    pub fn replay_moves<T: Copy + Into<Turn>>(mut self, record: &[T]) -> Result<Game, RecordError> {
        for (i, &entry) in record.iter().enumerate() {
            let Turn { seat, mv } = entry.into();
            let turn = i + 1;
            if self.is_over() {
                return Err(RecordError::Illegal {
                    turn,
                    problem: IllegalMove::GameOver,
                });
            }
            if seat.index() >= self.seats {
                return Err(RecordError::NoSuchSeat {
                    seat,
                    seats: self.seats,
                });
            }
            if seat != self.to_move {
                return Err(RecordError::OutOfTurn {
                    turn,
                    expected: self.to_move,
                    seat,
                });
            }
            self.apply(mv)
                .map_err(|problem| RecordError::Illegal { turn, problem })?;
        }
        Ok(self)
    }

    fn start(seats: usize, hands: [Cards; 3], bottom: Option<Cards>) -> Game {
        Game {
            seats,
            hands,
            bottom,
            to_move: Seat::Landlord,
            to_beat: None,
            passes: 0,
            record: Vec::with_capacity(64),
            lead: 0,
            start: Start {
                hands,
                to_move: Seat::Landlord,
                to_beat: None,
                passes: 0,
            },
            bombs: 0,
            plays_made: [0; 3],
            winner: None,
        }
    }

    /// Seats at the table: 2 (1v1) or 3.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The seats at this table, in turn order.
    pub fn seat_list(&self) -> &'static [Seat] {
        &Seat::ALL[..self.seats]
    }

    /// The cards `seat` holds now.
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands[seat.index()]
    }

    /// The bottom cards (底牌) of a dealt game, public once shown; `None` for
    /// hands given directly.
    pub fn bottom(&self) -> Option<Cards> {
        self.bottom
    }

    /// The seat whose turn it is (after the deal is over, the seat after the
    /// one that went out).
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The play the seat to move must beat, and who made it; `None` on lead.
    pub fn to_beat(&self) -> Option<(Seat, Play)> {
        self.to_beat
    }

    /// Every move made so far, in order.
    pub fn record(&self) -> &[Turn] {
        &self.record
    }

    /// The current trick: the record from its lead on. A trick everyone
    /// else passed stays the current one until the next lead.
    pub fn trick(&self) -> &[Turn] {
        &self.record[self.lead..]
    }

    /// The game as it stood after its first `step` moves (all of them if
    /// it has fewer), replayed from its start.
    pub fn at(&self, step: usize) -> Game {
        let Start {
            hands,
            to_move,
            to_beat,
            passes,
        } = self.start;
        let mut game = Game::start(self.seats, hands, self.bottom);
        game.to_move = to_move;
        game.to_beat = to_beat;
        game.passes = passes;
        game.start = self.start;
        for turn in &self.record[..step.min(self.record.len())] {
            // The referee accepted this very move from this very state once.
            let accepted = game.apply(turn.mv);
            debug_assert!(accepted.is_ok(), "a game's own record replays");
        }
        game
    }

    /// Bombs and rockets played so far (the multiplier's `b`).
    pub fn bombs(&self) -> u32 {
        self.bombs
    }

    /// Whether a seat has gone out.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// How the deal ended, or `None` while it is in progress.
    pub fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner?;
        let farmers_played = self.plays_made[1] + self.plays_made[2];
        Some(Outcome {
            winner,
            bombs: self.bombs,
            spring: winner.team() == Team::Landlord && farmers_played == 0,
            anti_spring: winner.team() == Team::Farmers && self.plays_made[0] == 1,
        })
    }

    /// The legal moves of the seat to move, appended to `out` (none once the
    /// deal is over).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        if !self.is_over() {
            movegen::legal_moves(self.hand(self.to_move), self.to_beat.map(|(_, p)| p), out);
        }
    }

    /// Checks and makes a move for the seat to move.
    pub fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let seat = self.to_move;
        let leads = self.to_beat.is_none();
        match mv {
            Move::Pass => {
                if self.to_beat.is_none() {
                    return Err(IllegalMove::PassOnLead(seat));
                }
                self.passes += 1;
                // Everyone else passed: the last player to have played
                // (who is next in turn) leads anything.
                if usize::from(self.passes) == self.seats - 1 {
                    self.to_beat = None;
                    self.passes = 0;
                }
            }
            Move::Play(play) => {
                let hand = self.hands[seat.index()];
                let rest = hand.checked_sub(play.cards()).ok_or(IllegalMove::NotHeld {
                    seat,
                    cards: play.cards(),
                })?;
                if let Some((_, target)) = self.to_beat {
                    if !play.beats(target) {
                        return Err(IllegalMove::DoesNotBeat {
                            play: play.to_string(),
                            target: target.to_string(),
                        });
                    }
                }
                self.hands[seat.index()] = rest;
                self.to_beat = Some((seat, play));
                self.passes = 0;
                self.plays_made[seat.index()] += 1;
                if play.is_bomb_or_rocket() {
                    self.bombs += 1;
                }
                if rest.is_empty() {
                    self.winner = Some(seat);
                }
            }
        }
        if leads {
            self.lead = self.record.len();
        }
        self.record.push(Turn { seat, mv });
        self.to_move = seat.next(self.seats);
        Ok(())
    }

    /// What `seat` may know.
    pub fn view(&self, seat: Seat) -> SeatView<'_> {
        let mut counts = [0u8; 3];
        for s in self.seat_list() {
            counts[s.index()] = self.hand(*s).len() as u8;
        }
        SeatView {
            seat,
            seats: self.seats,
            hand: self.hand(seat),
            bottom: self.bottom,
            record: &self.record,
            counts,
            to_move: self.to_move,
            to_beat: self.to_beat,
        }
    }
}

/// Everything one seat may know: its own hand, the bottom cards, every move
/// made and by whom, and the others' card counts. This is all a fair player
/// is given; the other hands are not reachable from it.
#[derive(Clone, Copy, Debug)]
pub struct SeatView<'a> {
    seat: Seat,
    seats: usize,
    hand: Cards,
    bottom: Option<Cards>,
    record: &'a [Turn],
    counts: [u8; 3],
    to_move: Seat,
    to_beat: Option<(Seat, Play)>,
}

/// The seat, the hand and the bottom cards against the table: a seat at
/// it, a hand of its count, three bottom cards at a table of three.
fn check_table(
    seat: Seat,
    seats: usize,
    hand: Cards,
    bottom: Option<Cards>,
    counts: [u8; 3],
) -> Result<(), RecordError> {
    if seat.index() >= seats {
        return Err(RecordError::NoSuchSeat { seat, seats });
    }
    if hand.len() != u32::from(counts[seat.index()]) {
        return Err(RecordError::HandSize {
            hand: hand.len(),
            count: counts[seat.index()],
        });
    }
    if let Some(cards) = bottom {
        if seats == 2 {
            return Err(RecordError::BottomWithTwoSeats);
        }
        if cards.len() != 3 {
            return Err(RecordError::BottomSize { cards });
        }
    }
    Ok(())
}

/// What a public record says, replayed without the other hands.
struct PublicPlays {
    to_move: Seat,
    to_beat: Option<(Seat, Play)>,
    /// The hand and every card played.
    seen: Cards,
    played_by: [Cards; 3],
}

impl PublicPlays {
    /// Replays `record` from the landlord's lead: each turn in order, no
    /// pass on lead, each play beating the one before it, and every card
    /// seen (`hand`'s and the plays') from one deck.
    fn replay(seats: usize, hand: Cards, record: &[Turn]) -> Result<PublicPlays, RecordError> {
        let mut public = PublicPlays {
            to_move: Seat::Landlord,
            to_beat: None,
            seen: hand,
            played_by: [Cards::EMPTY; 3],
        };
        for (i, turn) in record.iter().enumerate() {
            public.take(seats, i + 1, turn)?;
        }
        Ok(public)
    }

    /// Takes turn number `number`.
    fn take(&mut self, seats: usize, number: usize, turn: &Turn) -> Result<(), RecordError> {
        let illegal = |problem| RecordError::Illegal { turn: number, problem };
        if turn.seat.index() >= seats {
            return Err(RecordError::NoSuchSeat { seat: turn.seat, seats });
        }
        if turn.seat != self.to_move {
            return Err(RecordError::OutOfTurn {
                turn: number,
                expected: self.to_move,
                seat: turn.seat,
            });
        }
        let next = self.to_move.next(seats);
        match turn.mv {
            Move::Pass => {
                if self.to_beat.is_none() {
                    return Err(illegal(IllegalMove::PassOnLead(turn.seat)));
                }
                if matches!(self.to_beat, Some((by, _)) if by == next) {
                    self.to_beat = None;
                }
            }
            Move::Play(play) => {
                if let Some((_, target)) = self.to_beat {
                    if !play.beats(target) {
                        return Err(illegal(IllegalMove::DoesNotBeat {
                            play: play.to_string(),
                            target: target.to_string(),
                        }));
                    }
                }
                self.seen = self.seen.checked_add(play.cards()).ok_or(RecordError::NotFromOneDeck)?;
                // Within the deck, since `seen` holds it.
                let by = &mut self.played_by[turn.seat.index()];
                *by = by.plus(play.cards());
                self.to_beat = Some((turn.seat, play));
            }
        }
        self.to_move = next;
        Ok(())
    }

    /// The counts against the plays: no hand over 20 cards (or other than
    /// dealt, in a dealt game), no more cards than the deck.
    fn check_counts(&self, seats: usize, counts: [u8; 3], dealt: bool) -> Result<(), RecordError> {
        let mut total = 0;
        for &s in &Seat::ALL[..seats] {
            let (count, played) = (counts[s.index()], self.played_by[s.index()].len());
            let had = u32::from(count) + played;
            if had > MAX_HAND {
                return Err(RecordError::CountTooBig { seat: s, count, played });
            }
            if dealt && had != HAND_SIZES[s.index()] {
                return Err(RecordError::CountNotDealt {
                    seat: s,
                    count,
                    played,
                    dealt: HAND_SIZES[s.index()],
                });
            }
            total += had;
        }
        if total > Cards::DECK.len() {
            return Err(RecordError::CountsOverDeck(total));
        }
        Ok(())
    }

    /// The bottom cards were the landlord's: among its hand and plays when
    /// `seat` is the landlord, else those unplayed still fit its count and
    /// the deck.
    fn check_bottom(&self, seat: Seat, hand: Cards, cards: Cards, counts: [u8; 3]) -> Result<(), RecordError> {
        let landlord_played = self.played_by[Seat::Landlord.index()];
        if seat == Seat::Landlord {
            let had = hand.checked_add(landlord_played).unwrap_or(Cards::DECK);
            if !had.contains(cards) {
                return Err(RecordError::BottomNotLandlords { cards });
            }
            return Ok(());
        }
        let unplayed = cards.saturating_minus(landlord_played);
        let left = counts[Seat::Landlord.index()];
        if unplayed.len() > u32::from(left) {
            return Err(RecordError::BottomNotHeld { cards, unplayed, left });
        }
        if self.seen.checked_add(unplayed).is_none() {
            return Err(RecordError::BottomNotFromDeck { cards });
        }
        Ok(())
    }
}

impl<'a> SeatView<'a> {
    /// A view assembled from public information alone, as an outside
    /// program would send it: the record says whose turn it is and what is
    /// to beat, and it must be `seat`'s turn. Counts are the cards left in
    /// each hand now. Checked: turn order, every play beating the one before
    /// it, no pass on lead, the hand's size, and no rank over a deck's count;
    /// each seat's count with its plays at most a hand (and, in a dealt game
    /// with bottom cards, exactly what it was dealt), at most the deck in
    /// all; bottom cards only at a table of three, three of them, and the
    /// landlord's (among its hand and plays, or still fitting its count).
    pub fn from_record(
        seat: Seat,
        seats: usize,
        hand: Cards,
        bottom: Option<Cards>,
        record: &'a [Turn],
        counts: [u8; 3],
    ) -> Result<SeatView<'a>, RecordError> {
        check_table(seat, seats, hand, bottom, counts)?;
        let public = PublicPlays::replay(seats, hand, record)?;
        public.check_counts(seats, counts, bottom.is_some())?;
        if let Some(cards) = bottom {
            public.check_bottom(seat, hand, cards, counts)?;
        }
        if let Some(out) = Seat::ALL[..seats].iter().find(|s| counts[s.index()] == 0) {
            return Err(RecordError::Over(*out));
        }
        if public.to_move != seat {
            return Err(RecordError::NotYourTurn(public.to_move));
        }
        Ok(SeatView {
            seat,
            seats,
            hand,
            bottom,
            record,
            counts,
            to_move: public.to_move,
            to_beat: public.to_beat,
        })
    }

    /// The seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }
    /// Seats at the table: 2 or 3.
    pub fn seats(&self) -> usize {
        self.seats
    }
    /// This seat's own cards.
    pub fn hand(&self) -> Cards {
        self.hand
    }
    /// The bottom cards, if the game was dealt with them (public to all).
    pub fn bottom(&self) -> Option<Cards> {
        self.bottom
    }
    /// Every move made so far, in order.
    pub fn record(&self) -> &'a [Turn] {
        self.record
    }
    /// Cards left in `seat`'s hand.
    pub fn count(&self, seat: Seat) -> u8 {
        self.counts[seat.index()]
    }
    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }
    /// The play the seat to move must beat, and who made it; `None` on lead.
    pub fn to_beat(&self) -> Option<(Seat, Play)> {
        self.to_beat
    }
    /// Whether `other` is on this seat's team (and not this seat).
    pub fn is_partner(&self, other: Seat) -> bool {
        other != self.seat && other.team() == self.seat.team()
    }
    /// Every card played so far.
    pub fn played(&self) -> Cards {
        self.record.iter().fold(Cards::EMPTY, |acc, t| acc.plus(t.mv.cards()))
    }
    /// Legal moves for this seat when it is to move.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        movegen::legal_moves(self.hand, self.to_beat.map(|(_, p)| p), out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::parse(s).unwrap()
    }

    #[test]
    fn two_passes_give_the_lead_back() {
        let mut g = Game::from_hands(&["345".parse().unwrap(), "6".parse().unwrap(), "7".parse().unwrap()]).unwrap();
        g.apply(mv("3")).unwrap();
        g.apply(mv("pass")).unwrap();
        assert_eq!(g.to_beat().map(|(s, _)| s), Some(Seat::Landlord));
        g.apply(mv("pass")).unwrap();
        assert_eq!(g.to_move(), Seat::Landlord);
        assert_eq!(g.to_beat(), None);
        assert_eq!(g.apply(mv("pass")), Err(IllegalMove::PassOnLead(Seat::Landlord)));
        assert!(matches!(g.apply(mv("6")), Err(IllegalMove::NotHeld { .. })));
        g.apply(mv("4")).unwrap();
        g.apply(mv("6")).unwrap();
        assert!(g.is_over());
        assert_eq!(g.outcome().unwrap().winner, Seat::Farmer1);
        assert_eq!(g.apply(mv("5")), Err(IllegalMove::GameOver));
    }

    #[test]
    fn one_pass_gives_the_lead_back_in_1v1() {
        let mut g = Game::from_hands(&["34".parse().unwrap(), "5".parse().unwrap()]).unwrap();
        g.apply(mv("4")).unwrap();
        g.apply(mv("5")).unwrap();
        assert!(g.is_over());
        let mut g = Game::from_hands(&["34".parse().unwrap(), "3".parse().unwrap()]).unwrap();
        g.apply(mv("4")).unwrap();
        assert!(matches!(g.apply(mv("3")), Err(IllegalMove::DoesNotBeat { .. })));
        g.apply(mv("pass")).unwrap();
        assert_eq!(g.to_move(), Seat::Landlord);
        assert_eq!(g.to_beat(), None);
    }

    #[test]
    fn scores_under_both_rules() {
        // Landlord bombs, then goes out with the farmers never playing: spring.
        let mut g = Game::from_hands(&["33334".parse().unwrap(), "5".parse().unwrap(), "6".parse().unwrap()]).unwrap();
        g.apply(mv("3333")).unwrap();
        g.apply(mv("pass")).unwrap();
        g.apply(mv("pass")).unwrap();
        g.apply(mv("4")).unwrap();
        let o = g.outcome().unwrap();
        assert!(o.spring && !o.anti_spring);
        assert_eq!(o.score(Scoring::Tournament), 2);
        assert_eq!(o.score(Scoring::Online), 4);
        // Landlord plays once, a farmer rockets and goes out: anti-spring.
        let mut g = Game::from_hands(&["334".parse().unwrap(), "XD5".parse().unwrap(), "6".parse().unwrap()]).unwrap();
        g.apply(mv("4")).unwrap();
        g.apply(mv("XD")).unwrap();
        g.apply(mv("pass")).unwrap();
        g.apply(mv("pass")).unwrap();
        g.apply(mv("5")).unwrap();
        let o = g.outcome().unwrap();
        assert!(o.anti_spring && !o.spring);
        assert_eq!(o.score(Scoring::Tournament), -2);
        assert_eq!(o.score(Scoring::Online), -4);
    }

    #[test]
    fn multipliers_under_both_rules() {
        for spring in [false, true] {
            assert_eq!(Scoring::Tournament.multiplier(0, spring), 1);
            assert_eq!(Scoring::Tournament.multiplier(3, spring), 4);
        }
        assert_eq!(Scoring::Online.multiplier(0, false), 1);
        assert_eq!(Scoring::Online.multiplier(3, false), 8);
        assert_eq!(Scoring::Online.multiplier(3, true), 16);
        assert_eq!(Scoring::Online.multiplier(u32::MAX, false), 1 << 60);
    }

    #[test]
    fn setup_errors() {
        assert_eq!(
            Game::from_hands(&["3".parse().unwrap()]),
            Err(PositionError::SeatCount(1))
        );
        assert_eq!(
            Game::from_hands(&["3".parse().unwrap(), Cards::EMPTY]),
            Err(PositionError::EmptyHand(Seat::Farmer1))
        );
        assert_eq!(
            Game::from_hands(&["333".parse().unwrap(), "33".parse().unwrap()]),
            Err(PositionError::NotFromOneDeck)
        );
        let hands: [Cards; 2] = ["34".parse().unwrap(), "5".parse().unwrap()];
        let three = Play::parse("3").unwrap();
        assert_eq!(
            Game::resume(&hands, Seat::Farmer2, None),
            Err(PositionError::NoSuchSeat(Seat::Farmer2))
        );
        assert_eq!(
            Game::resume(&hands, Seat::Farmer1, Some((Seat::Farmer2, three))),
            Err(PositionError::NoSuchSeat(Seat::Farmer2))
        );
        assert_eq!(
            Game::resume(&hands, Seat::Farmer1, Some((Seat::Farmer1, three))),
            Err(PositionError::MoverMadeLastPlay(Seat::Farmer1))
        );
    }

    #[test]
    fn view_shows_counts_and_played_cards_only() {
        let deal = Deal::from_seed(5);
        let mut g = Game::new(&deal);
        let mut moves = vec![];
        g.legal_moves(&mut moves);
        g.apply(moves[0]).unwrap();
        let v = g.view(Seat::Farmer1);
        assert_eq!(v.hand(), deal.hand(Seat::Farmer1));
        assert_eq!(v.count(Seat::Landlord), 19);
        assert_eq!(v.count(Seat::Farmer2), 17);
        assert_eq!(v.played(), moves[0].cards());
        assert!(v.is_partner(Seat::Farmer2) && !v.is_partner(Seat::Landlord));
    }
}
