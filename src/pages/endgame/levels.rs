//! The puzzle library's bar: the puzzle of the day, the streak, and the
//! current level's puzzles as a grid of links, the solved ones marked.

use engine::contest::Date;
use yew::prelude::*;

use super::progress::Progress;
use super::puzzles;
use crate::i18n::Strings;
use crate::route::Route;

pub(super) fn puzzle_bar(t: &Strings, puzzle: Option<usize>, progress: &Progress, today: Option<Date>) -> Html {
    let all = puzzles::all();
    let daily = today.and_then(puzzles::of_day);
    let daily_done = today.is_some_and(|d| progress.solved_day(&d.to_string()));
    let (streak, best) = progress.streak();
    let level = puzzle.map_or(1, |n| all[n].level());
    let cells = all.iter().enumerate().filter(|(_, p)| p.level() == level).enumerate().map(|(k, (n, p))| {
        let solved = progress.is_solved(p.id().as_str());
        let href = Route::Endgame(puzzles::link_to(n)).to_hash();
        let label = format!("{}{}", (t.eg.puzzle_number)(k + 1), if solved { format!(" · {}", t.eg.solved_mark) } else { String::new() });
        html! {
            <li class={ classes!(solved.then_some("solved"), (puzzle == Some(n)).then_some("current")) } data-id={ p.id().to_string() }>
                <a {href} aria-label={ label.clone() } title={ label } aria-current={ (puzzle == Some(n)).then_some("page") }>
                    { k + 1 }{ if solved { "✓" } else { "" } }
                </a>
            </li>
        }
    });
    html! {
        <section class="puzzle-bar" id="eg-puzzles" data-level={ level.to_string() }>
            <div class="puzzle-head">
                if let Some(n) = daily {
                    <a class={ classes!("daily-puzzle", daily_done.then_some("done")) } id="eg-daily" data-id={ all[n].id().to_string() }
                        href={ Route::Endgame(puzzles::link_to(n)).to_hash() }>
                        { t.eg.daily }{ if daily_done { format!(" ✓ {}", t.eg.daily_done) } else { String::new() } }
                    </a>
                }
                <span class="streak" id="eg-streak" data-streak={ streak.to_string() } data-best={ best.to_string() }>{ (t.eg.streak)(streak, best) }</span>
            </div>
            <h2 class="level-title">{ (t.eg.level_title)(level) }</h2>
            <ol class="level-grid" id="eg-level-puzzles">{ for cells }</ol>
        </section>
    }
}
