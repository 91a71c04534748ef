//! What a component shows of its worker job: progress with a cancel
//! button, a cancelled note, or the job's error in the page's language.

use yew::prelude::*;

use crate::i18n::{use_strings, Unit};
use crate::worker::{JobError, Task};

#[derive(Properties, PartialEq)]
pub struct TaskStatusProps {
    /// Prefix of the element ids (`{id}-progress`, `{id}-cancel`,
    /// `{id}-cancelled`, `{id}-error`).
    pub id: AttrValue,
    pub running: Option<(u32, u32)>,
    pub cancelled: bool,
    pub error: Option<JobError>,
    pub unit: Unit,
    pub on_cancel: Callback<MouseEvent>,
}

/// Progress and cancel, cancelled, or the error; nothing when idle or done.
#[component]
pub fn TaskStatus(props: &TaskStatusProps) -> Html {
    let t = use_strings();
    let id = &props.id;
    if let Some(error) = &props.error {
        return html! { <p class="error" role="alert" id={ format!("{id}-error") }>{ t.job_error(error) }</p> };
    }
    if props.cancelled {
        return html! { <p class="note" id={ format!("{id}-cancelled") }>{ t.cancelled }</p> };
    }
    match props.running {
        Some((done, total)) => html! {
            <p class="progress" id={ format!("{id}-progress") } role="status">
                if total > 0 { <>{ t.progress_in(done, total, props.unit) }{ " " }</> }
                <button type="button" id={ format!("{id}-cancel") } onclick={ props.on_cancel.clone() }>{ t.cancel }</button>
            </p>
        },
        None => html! {},
    }
}

/// The [`TaskStatus`] of a task.
pub fn task_status<T>(task: &Task<T>, id: &str, unit: Unit, on_cancel: Callback<MouseEvent>) -> Html {
    html! {
        <TaskStatus id={ id.to_string() } {unit} {on_cancel}
            running={ match task { Task::Running { done, total } => Some((*done, *total)), _ => None } }
            cancelled={ matches!(task, Task::Cancelled) }
            error={ match task { Task::Failed(e) => Some(e.clone()), _ => None } } />
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Strings};

    const UNITS: [Unit; 6] = [
        Unit::Games,
        Unit::Rounds,
        Unit::Deals,
        Unit::Positions,
        Unit::Tournaments,
        Unit::Steps,
    ];

    #[test]
    fn every_unit_of_progress_reads_as_before() {
        let all = |t: &Strings| UNITS.map(|u| t.progress_in(3, 40, u)).join("|");
        assert_eq!(
            all(Lang::Zh.strings()),
            "3 / 40 局|3 / 40 轮|3 / 40 副牌|3 / 40 个局面|3 / 40 场比赛|3 / 40 步"
        );
        assert_eq!(
            all(Lang::En.strings()),
            "3 / 40 games|3 / 40 rounds|3 / 40 deals|3 / 40 positions|3 / 40 tournaments|3 / 40 steps"
        );
    }
}
