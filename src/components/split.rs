//! A hand shown in its suggested groups (拆牌), each labelled with its kind,
//! with the play count, the alternatives one click away and a reason a
//! teacher can read out. Splitting takes microseconds, so it runs here.

use std::rc::Rc;

use engine::{Cards, Split, Splitter};
use yew::prelude::*;

use crate::components::card::Hand;
use crate::i18n::Lang;
use crate::suits::Faces;

/// How many splits are offered: the best and the next ones.
const OPTIONS: usize = 4;

#[derive(Properties, PartialEq)]
pub struct SplitViewProps {
    pub cards: Cards,
    /// Marks cards inside the groups too (e.g. the bottom cards).
    #[prop_or_default]
    pub marked: Cards,
    /// The hand's suits, shared out among the groups.
    #[prop_or_default]
    pub faces: Option<Faces>,
}

#[component]
pub fn SplitView(props: &SplitViewProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or(Lang::Zh);
    let t = lang.strings();
    let splits: Rc<Vec<Split>> = use_memo(props.cards, |&cards| Splitter::new().top(cards, OPTIONS));
    let chosen = use_state(|| 0usize);
    {
        let chosen = chosen.clone();
        use_effect_with(props.cards, move |_| chosen.set(0));
    }
    let Some(split) = splits.get(*chosen).or(splits.first()) else {
        return html! {};
    };
    let options = splits.iter().enumerate().map(|(i, s)| {
        let onclick = {
            let chosen = chosen.clone();
            Callback::from(move |_: MouseEvent| chosen.set(i))
        };
        let label = format!(
            "{} · {}{}",
            (t.split_option)(i + 1),
            (t.split_plays)(s.play_count()),
            if i == 0 { format!(" · {}", t.split_best) } else { String::new() }
        );
        html! {
            <button type="button" class="option" aria-pressed={ (i == *chosen).to_string() } data-option={ i.to_string() } {onclick}>
                { label }
            </button>
        }
    });
    let mut marked = props.marked;
    let mut pool = props
        .faces
        .filter(|f| f.cards() == props.cards)
        .unwrap_or_else(|| Faces::plain(&[props.cards])[0]);
    let mut take_faces = |part: Cards| {
        let picked = pool.pick(part, Faces::EMPTY);
        if let Some(p) = picked {
            pool = pool.minus(p);
        }
        picked
    };
    let groups = split.plays().iter().map(|play| {
        let main = play.main_cards();
        let kickers = play.kickers();
        let take = |part: Cards, marked: &mut Cards| {
            let mine = part.ranks().fold(Cards::EMPTY, |acc, r| {
                let n = part.count(r).min(marked.count(r));
                acc.checked_add(Cards::of(r, n).unwrap_or_default()).unwrap_or(acc)
            });
            *marked = marked.checked_sub(mine).unwrap_or(*marked);
            mine
        };
        let main_marked = take(main, &mut marked);
        let kicker_marked = take(kickers, &mut marked);
        let (main_faces, kicker_faces) = (take_faces(main), take_faces(kickers));
        html! {
            <figure class="group" data-kind={ play.kind().name() } data-cards={ play.cards().to_string() }>
                <div class="group-cards">
                    <Hand cards={main} faces={main_faces} marked={main_marked} label={ t.play_words(*play) } />
                    if !kickers.is_empty() {
                        <span class="plus" aria-hidden="true">{ "+" }</span>
                        <Hand cards={kickers} faces={kicker_faces} marked={kicker_marked} label={ t.cards_words(kickers) } />
                    }
                </div>
                <figcaption>{ t.kind(play.kind()) }</figcaption>
            </figure>
        }
    });
    html! {
        <div class="split" data-plays={ split.play_count().to_string() }>
            <div class="split-head">
                <strong class="play-count">{ (t.split_plays)(split.play_count()) }</strong>
                <div class="options" role="group" aria-label={ t.split_options }>{ for options }</div>
            </div>
            <div class="groups">{ for groups }</div>
            <p class="reason">{ t.split_reason(split) }</p>
        </div>
    }
}
