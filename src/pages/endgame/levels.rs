//! The puzzle library's bar: the puzzle of the day, the streak, the
//! player's rating (and what counts for it), how the next puzzle is
//! chosen (near the rating, or a level) and the theme, and the puzzles
//! to choose from as a grid of links, each with its stars, and their
//! total.

use engine::puzzles::Theme;
use engine::Date;
use yew::prelude::*;

use super::attempt::{update, Kept};
use super::choice;
use super::progress::{Choice, Progress};
use super::puzzles;
use crate::i18n::Strings;
use crate::route::Route;

/// Stars as marks: ★ for each earned, ☆ for the rest of 3.
pub(super) fn star_marks(stars: u8) -> String {
    (0..3).map(|k| if k < stars { '★' } else { '☆' }).collect()
}

pub(super) fn puzzle_bar(t: &Strings, puzzle: Option<usize>, kept: &UseStateHandle<Kept>, today: Option<Date>) -> Html {
    let progress = &kept.progress;
    let all = puzzles::all();
    let daily = today.and_then(puzzles::of_day);
    let daily_done = today.is_some_and(|d| progress.solved_day(d));
    let (streak, best) = progress.streak();
    let choice = progress.choice();
    let listed = choice::listed(all, choice, puzzle);
    let stars: u32 = listed.iter().map(|&n| u32::from(progress.stars(all[n].id()))).sum();
    let title = match choice.theme {
        Some(theme) => (t.eg.theme_title)((t.eg.theme)(theme), listed.len()),
        None => (t.eg.level_title)(listed.first().map_or(1, |&n| all[n].level())),
    };
    let cells = listed
        .iter()
        .enumerate()
        .map(|(k, &n)| grid_cell(t, progress, puzzle, k, n));
    let player = progress.player().points();
    html! {
        <section class="puzzle-bar" id="eg-puzzles" data-level={ choice.level.map(|l| l.to_string()) }
            data-theme={ choice.theme.map(|th| th.name()) }>
            <div class="puzzle-head">
                if let Some(n) = daily {
                    <a class={ classes!("daily-puzzle", daily_done.then_some("done")) } id="eg-daily" data-id={ all[n].id().to_string() }
                        href={ Route::Endgame(puzzles::link_to(n)).to_hash() }>
                        { t.eg.daily }{ if daily_done { format!(" ✓ {}", t.eg.daily_done) } else { String::new() } }
                    </a>
                }
                <span class="streak" id="eg-streak" data-streak={ streak.to_string() } data-best={ best.to_string() }>{ (t.eg.streak)(streak, best) }</span>
                <details class="rating" id="eg-rating" data-rating={ player.to_string() }>
                    <summary>{ (t.eg.rating)(player) }</summary>
                    <p class="note">{ t.eg.rating_rule }</p>
                </details>
            </div>
            { pickers(t, kept, puzzle) }
            <h2 class="level-title">{ title }
                <span class="level-stars" id="eg-level-stars" data-stars={ stars.to_string() }>{ (t.eg.level_stars)(stars, 3 * listed.len() as u32) }</span>
            </h2>
            <ol class="level-grid" id="eg-level-puzzles">{ for cells }</ol>
        </section>
    }
}

/// One puzzle of the grid: its number, its stars, a link to it.
fn grid_cell(t: &Strings, progress: &Progress, current: Option<usize>, k: usize, n: usize) -> Html {
    let p = &puzzles::all()[n];
    let stars = progress.stars(p.id());
    let href = Route::Endgame(puzzles::link_to(n)).to_hash();
    let label = format!("{} · {}", (t.eg.puzzle_number)(k + 1), (t.eg.stars)(stars));
    let themes: Vec<&str> = p.themes().iter().map(|th| th.name()).collect();
    let here = current == Some(n);
    html! {
        <li class={ classes!((stars > 0).then_some("solved"), here.then_some("current")) } data-id={ p.id().to_string() }
            data-stars={ stars.to_string() } data-themes={ themes.join(" ") }>
            <a {href} aria-label={ label.clone() } title={ label } aria-current={ here.then_some("page") }>
                <span class="number">{ k + 1 }</span>
                <span class="cell-stars" aria-hidden="true">{ star_marks(stars) }</span>
            </a>
        </li>
    }
}

/// How the next puzzle is chosen (near the rating, or a level) and the
/// theme; a choice that leaves the puzzle on the board out opens the
/// next one it allows.
fn pickers(t: &Strings, kept: &UseStateHandle<Kept>, puzzle: Option<usize>) -> Html {
    let progress = &kept.progress;
    let choice = progress.choice();
    let all = puzzles::all();
    let choose = |make: fn(Choice, Option<String>) -> Choice| {
        let kept = kept.clone();
        Callback::from(move |e: Event| {
            let Some(value) = crate::web::input_value(&e) else {
                return;
            };
            let mut chosen = kept.progress.clone();
            chosen.set_choice(make(chosen.choice(), Some(value).filter(|v| !v.is_empty())));
            // A level picked opens its first puzzle to do; a theme keeps
            // the puzzle on the board if it has the theme.
            let level_picked = chosen.choice().level != kept.progress.choice().level;
            let stays = puzzle.is_some_and(|n| choice::listed(all, chosen.choice(), puzzle).contains(&n));
            let next = choice::next(all, &chosen, if level_picked { None } else { puzzle });
            update(&kept, |p| p.set_choice(chosen.choice()));
            if let Some(n) = next.filter(|_| level_picked || !stays) {
                Route::Endgame(puzzles::link_to(n)).go();
            }
        })
    };
    let on_level = choose(|c, v| Choice {
        level: v.and_then(|v| v.parse().ok()),
        ..c
    });
    let on_theme = choose(|c, v| Choice {
        theme: v.and_then(|v| v.parse().ok()),
        ..c
    });
    let level_options = puzzles::levels().into_iter().map(|level| {
        let of_level: Vec<_> = all.iter().filter(|p| p.level() == level).collect();
        let solved = of_level.iter().filter(|p| progress.is_solved(p.id())).count();
        let stars: u32 = of_level.iter().map(|p| u32::from(progress.stars(p.id()))).sum();
        html! {
            <option value={ level.to_string() } selected={ choice.level == Some(level) }>
                { (t.eg.level_option)(level, solved, of_level.len(), stars) }
            </option>
        }
    });
    let theme_options = Theme::ALL.into_iter().map(|theme| {
        let n = all.iter().filter(|p| theme.fits(p)).count();
        html! {
            <option value={ theme.name() } selected={ choice.theme == Some(theme) } title={ (t.eg.theme_about)(theme) }>
                { format!("{} ({n})", (t.eg.theme)(theme)) }
            </option>
        }
    });
    html! {
        <div class="puzzle-pick">
            <span class="field">
                <label for="eg-level">{ t.eg.pick_label }</label>
                <select id="eg-level" onchange={on_level}>
                    <option value="" selected={ choice.level.is_none() }>{ t.eg.pick_rating }</option>
                    { for level_options }
                </select>
            </span>
            <span class="field">
                <label for="eg-theme">{ t.eg.theme_label }</label>
                <select id="eg-theme" onchange={on_theme}>
                    <option value="" selected={ choice.theme.is_none() }>{ t.eg.theme_all }</option>
                    { for theme_options }
                </select>
            </span>
        </div>
    }
}
