//! A line of play as a table of turns: one column per seat in seating
//! order, one row per time round the table, the cards in each cell as
//! small faces (the words as its title), leads marked and passes muted,
//! as a scoresheet reads. The Deal page's par and the Endgame page's
//! lines use it.

use engine::{Move, Seat};
use yew::prelude::*;

use crate::components::card::MiniCards;
use crate::i18n::use_strings;
use crate::suits::Faces;

#[derive(Properties, PartialEq)]
pub struct LineTableProps {
    pub id: AttrValue,
    /// A caption, where no heading names the table already.
    #[prop_or_default]
    pub caption: AttrValue,
    /// How many seats play (2 or 3).
    pub seats: usize,
    /// Who makes the first move.
    pub first: Seat,
    /// Who made the play the first move answers, if any.
    #[prop_or_default]
    pub answering: Option<Seat>,
    pub moves: Vec<Move>,
    /// The faces of each move's cards, as the board shows them (without
    /// them, a rank's copies take ♠♥♣♦ in order).
    #[prop_or_default]
    pub faces: Vec<Faces>,
    /// How many moves are shown on the board: that move is marked (0: none).
    #[prop_or_default]
    pub current: usize,
    /// Asked to show the board after `k` moves; without it the cells are text.
    #[prop_or_default]
    pub on_jump: Option<Callback<usize>>,
}

/// Which moves of a line lead (start a round): those of a seat whose own
/// play was the last one, or made when nobody has played yet. `played_last`
/// made the play the first move answers, if any.
fn leads(first: Seat, seats: usize, played_last: Option<Seat>, moves: &[Move]) -> Vec<bool> {
    let mut last = played_last;
    let mut seat = first;
    moves
        .iter()
        .map(|&mv| {
            let lead = last.is_none_or(|p| p == seat);
            if mv != Move::Pass {
                last = Some(seat);
            }
            seat = seat.next(seats);
            lead
        })
        .collect()
}

/// The line as a table of turns.
#[component]
pub fn LineTable(props: &LineTableProps) -> Html {
    let t = use_strings();
    let seats = props.seats.clamp(2, 3);
    let column = |seat: Seat| seat.index().min(seats - 1);
    let leads = leads(props.first, seats, props.answering, &props.moves);
    let mut cells: Vec<Html> = Vec::new();
    // Empty cells before the first mover's column.
    cells.extend((0..column(props.first)).map(|_| html! { <td></td> }));
    for (i, (&mv, &lead)) in props.moves.iter().zip(&leads).enumerate() {
        let k = i + 1;
        let class = classes!(
            (k == props.current).then_some("current"),
            (mv == Move::Pass).then_some("pass"),
            lead.then_some("lead")
        );
        let words = t.move_words(mv);
        let cards = match mv {
            Move::Pass => html! { { t.pass } },
            Move::Play(p) => {
                let faces = props
                    .faces
                    .get(i)
                    .copied()
                    .filter(|f| f.cards() == p.cards())
                    .unwrap_or_else(|| Faces::plain(&[p.cards()])[0]);
                html! { <MiniCards {faces} first={ p.main_cards() } label={ words.clone() } /> }
            }
        };
        let cell = match &props.on_jump {
            Some(jump) => {
                let jump = jump.clone();
                let onclick = Callback::from(move |_: MouseEvent| jump.emit(k));
                html! {
                    <button type="button" class="jump" data-ply={ k.to_string() } data-move={ mv.to_string() } title={ words } {onclick}>{ cards }</button>
                }
            }
            None => html! { <span class="cell" data-move={ mv.to_string() } title={ words }>{ cards }</span> },
        };
        cells.push(html! { <td {class}>{ cell }</td> });
    }
    let rows: Vec<Html> = cells
        .chunks(seats)
        .enumerate()
        .map(|(r, row)| {
            let pad = seats - row.len();
            html! {
                <tr>
                    <th scope="row">{ r + 1 }</th>
                    { for row.iter().cloned() }
                    { for (0..pad).map(|_| html! { <td></td> }) }
                </tr>
            }
        })
        .collect();
    html! {
        <table class="line-table" id={ props.id.clone() }>
            if !props.caption.is_empty() {
                <caption>{ props.caption.clone() }</caption>
            }
            <thead>
                <tr><th></th>{ for Seat::ALL[..seats].iter().map(|&s| html! { <th scope="col">{ t.seat_short(s) }</th> }) }</tr>
            </thead>
            <tbody>{ for rows }</tbody>
        </table>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Play;

    fn moves(text: &[&str]) -> Vec<Move> {
        text.iter()
            .map(|m| {
                if *m == "pass" {
                    Move::Pass
                } else {
                    Move::Play(Play::parse(m).unwrap())
                }
            })
            .collect()
    }

    #[test]
    fn a_round_starts_where_everyone_else_passed() {
        // 地主 leads 3; both pass; 地主 leads again; 下家 beats it; 上家 and 地主
        // pass; 下家 leads.
        let line = moves(&["3", "pass", "pass", "4", "5", "pass", "pass", "6"]);
        assert_eq!(
            leads(Seat::Landlord, 3, None, &line),
            [true, false, false, true, false, false, false, true]
        );
    }

    #[test]
    fn a_line_answering_a_play_starts_with_no_lead() {
        // 上家 played last: 地主 answers it; after two passes 地主 leads.
        let line = moves(&["5", "pass", "pass", "3"]);
        assert_eq!(
            leads(Seat::Landlord, 3, Some(Seat::Farmer2), &line),
            [false, false, false, true]
        );
        // The first mover's own play: a pass round came back to it.
        assert_eq!(leads(Seat::Landlord, 3, Some(Seat::Landlord), &moves(&["3"])), [true]);
        // Two seats: the other seat's pass hands the lead back.
        assert_eq!(
            leads(
                Seat::Farmer1,
                2,
                Some(Seat::Landlord),
                &moves(&["pass", "7", "pass", "8"])
            ),
            [false, true, false, true]
        );
    }
}
