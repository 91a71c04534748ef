//! A hand shown in its suggested groups (拆牌), each labelled with its kind,
//! with the play count, the alternatives one click away and a reason a
//! teacher can read out. Splitting takes microseconds, so it runs here;
//! the learned split (the splitting paper's BiLSTM-CRF) runs in the worker,
//! which fetches its model the first time it is asked.

use std::rc::Rc;

use engine::{Cards, Play, Split, Splitter};
use yew::prelude::*;

use crate::components::card::Hand;
use crate::components::task::task_status;
use crate::i18n::Unit;
use crate::i18n::{use_strings, Strings};
use crate::suits::Faces;
use crate::worker::learned::model_url;
use crate::worker::{use_task, Answer, Job, LearnedSplitJob, Task};

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
    /// Also offer the learned split (asks the worker).
    #[prop_or_default]
    pub learned: bool,
}

/// Which split is shown: one of the exact ones, or the learned one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Exact(usize),
    Learned,
}

/// The plays drawn as groups, the hand's faces and marks shared out.
fn groups_html(plays: &[Play], cards: Cards, marked: Cards, faces: Option<Faces>, t: &Strings) -> Html {
    let mut marked = marked;
    let mut pool = faces
        .filter(|f| f.cards() == cards)
        .unwrap_or_else(|| Faces::plain(&[cards])[0]);
    let mut take_faces = |part: Cards| {
        let picked = pool.pick(part, Faces::EMPTY);
        if let Some(p) = picked {
            pool = pool.minus(p);
        }
        picked
    };
    let groups = plays.iter().map(|play| {
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
    html! { <div class="groups">{ for groups }</div> }
}

/// The exact splits to choose from, numbered, with their play counts and
/// the best one named.
fn exact_options(t: &Strings, splits: &[Split], chosen: &UseStateHandle<Choice>) -> Html {
    let options = splits.iter().enumerate().map(|(i, s)| {
        let onclick = {
            let chosen = chosen.clone();
            Callback::from(move |_: MouseEvent| chosen.set(Choice::Exact(i)))
        };
        let label = format!(
            "{} · {}{}",
            (t.split_option)(i + 1),
            (t.split_plays)(s.play_count()),
            if i == 0 { format!(" · {}", t.split_best) } else { String::new() }
        );
        html! {
            <button type="button" class="option" aria-pressed={ (Choice::Exact(i) == **chosen).to_string() } data-option={ i.to_string() } {onclick}>
                { label }
            </button>
        }
    });
    options.collect()
}

#[component]
pub fn SplitView(props: &SplitViewProps) -> Html {
    let t = use_strings();
    let splits: Rc<Vec<Split>> = use_memo(props.cards, |&cards| Splitter::new().top(cards, OPTIONS));
    let chosen = use_state(|| Choice::Exact(0));
    let learned = use_task(|answer| match answer {
        Answer::LearnedSplit(result) => Some(Rc::new(result)),
        _ => None,
    });
    {
        let (chosen, learned) = (chosen.clone(), learned.clone());
        use_effect_with(props.cards, move |_| {
            chosen.set(Choice::Exact(0));
            learned.reset();
        });
    }
    let Some(best) = splits.first() else {
        return html! {};
    };
    let options = exact_options(t, &splits, &chosen);
    let learned_option = props.learned.then(|| {
        let onclick = {
            let (chosen, learned, cards) = (chosen.clone(), learned.clone(), props.cards);
            Callback::from(move |_: MouseEvent| {
                chosen.set(Choice::Learned);
                if !matches!(learned.task(), Task::Done(_) | Task::Running { .. }) {
                    let page = web_sys::window()
                        .and_then(|w| w.location().href().ok())
                        .unwrap_or_default();
                    learned.run(Job::LearnedSplit(LearnedSplitJob {
                        hand: cards,
                        model_url: model_url(&page),
                    }));
                }
            })
        };
        html! {
            <button type="button" class="option learned" aria-pressed={ (Choice::Learned == *chosen).to_string() } data-option="learned" {onclick}>
                { t.split_learned }
            </button>
        }
    });
    let head = |count: u32| {
        html! {
            <div class="split-head">
                <strong class="play-count">{ (t.split_plays)(count) }</strong>
                <div class="options" role="group" aria-label={ t.split_options }>{ options.clone() }{ learned_option.clone() }</div>
            </div>
        }
    };
    match *chosen {
        Choice::Exact(i) => {
            let split = splits.get(i).unwrap_or(best);
            html! {
                <div class="split" data-plays={ split.play_count().to_string() }>
                    { head(split.play_count()) }
                    { groups_html(split.plays(), props.cards, props.marked, props.faces, t) }
                    <p class="reason">{ t.split_reason(split) }</p>
                </div>
            }
        }
        Choice::Learned => match learned.task() {
            Task::Done(result) => {
                html! {
                    <div class="split learned-split" data-plays={ result.plays.len().to_string() } data-tags={ result.tags.clone() }>
                        { head(result.plays.len() as u32) }
                        { tags_html(props.cards, &result.tags, t) }
                        { groups_html(&result.plays, props.cards, props.marked, props.faces, t) }
                        <p class="reason learned-diff">{ t.learned_diff(&result.plays, best.plays()) }</p>
                        <p class="note">{ t.learned_note }</p>
                    </div>
                }
            }
            Task::Running { .. } => html! {
                <div class="split learned-split">
                    { head(best.play_count()) }
                    <p class="progress" role="status">{ t.learned_loading }</p>
                </div>
            },
            other => html! {
                <div class="split learned-split">
                    { head(best.play_count()) }
                    { task_status(other, "learned", Unit::Deals, learned.on_cancel()) }
                </div>
            },
        },
    }
}

/// The hand's cards in order with each card's class under it.
fn tags_html(cards: Cards, tags: &str, t: &Strings) -> Html {
    let items = cards.iter().zip(tags.chars()).map(|(rank, tag)| {
        html! {
            <li data-tag={ tag.to_string() } data-rank={ rank.letter().to_string() } title={ t.tag_name(tag) }>
                <span class="rank">{ t.short_face(rank) }</span>
                <span class="tag">{ tag }</span>
            </li>
        }
    });
    html! {
        <figure class="tags-figure">
            <ol class="tags" aria-label={ t.tags_label }>{ for items }</ol>
            <figcaption>{ t.tags_legend }</figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use engine::Rank;

    use crate::i18n::Lang;

    fn short_in(lang: Lang, rank: Rank) -> &'static str {
        lang.strings().short_face(rank)
    }

    #[test]
    fn every_rank_is_printed_short_as_before() {
        let all = |lang| Rank::ALL.map(|r| short_in(lang, r)).join("|");
        assert_eq!(all(Lang::Zh), "3|4|5|6|7|8|9|10|J|Q|K|A|2|小王|大王");
        assert_eq!(all(Lang::En), "3|4|5|6|7|8|9|10|J|Q|K|A|2|SJ|BJ");
    }
}
