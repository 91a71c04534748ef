//! The Lab page (实验室): how hard a deal is. Each section is a component
//! with its own worker connection, so its job runs, reports progress and is
//! cancelled without touching the others':
//! - [`deal`]: a deal played at every table of a panel: its score
//!   distribution as a histogram and its GDI as bars, beside the deal;
//! - [`dih`]: DIH for n, m, r, and DIH against m as a line;
//! - [`rank`]: the built-in hand library ranked by DIH or by distance to a
//!   GDI centre, as a sortable table and a chart (a row opens its deal);
//! - [`tournament`]: simulated tournaments in the three formats, as
//!   place-probability heatmaps side by side.
//!
//! The page holds what sections share: the distribution the DIH calculator
//! starts from (the deal's, once played) and n, m, r (the ranking uses them).
//! Charts are labelled in both languages and save as SVG, PNG or CSV.

mod deal;
mod dih;
mod rank;
mod tournament;

use engine::lab::panel::{CentreError, GdiCentre};
use yew::prelude::*;

use crate::i18n::Lang;
use crate::route::LabLink;

/// The built-in library's median GDI among deals with one bomb in all
/// hands (three grades): a centre with deals of that strength around it.
const DEFAULT_CENTRE: &str = "0.70,0.27,0.05";

/// A GDI centre from `0.7,0.27,0.05`: the engine's [`GdiCentre`], so the
/// error names the item that is not a share from 0 to 1.
fn parse_centre(text: &str) -> Result<GdiCentre, CentreError> {
    text.parse()
}

/// DIH's n (players), m (rounds) and r (top places told apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DihParams {
    pub players: u32,
    pub rounds: u32,
    pub top: u32,
}

impl Default for DihParams {
    fn default() -> Self {
        DihParams {
            players: 30,
            rounds: 3,
            top: 2,
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct LabPageProps {
    pub link: LabLink,
}

#[component]
pub fn LabPage(props: &LabPageProps) -> Html {
    let t = use_context::<Lang>().unwrap_or(Lang::Zh).strings();
    let distribution = use_state(|| "-2:0.1,-1:0.3,1:0.4,2:0.2".to_string());
    let params = use_state(DihParams::default);
    let on_distribution = {
        let distribution = distribution.clone();
        Callback::from(move |text: String| distribution.set(text))
    };
    html! {
        <main id="main" class="page lab-page">
            <h1>{ t.nav_lab }</h1>
            <p class="note">{ t.lab_intro }</p>
            <deal::DealSection link={ props.link.clone() } {on_distribution} />
            <dih::DihSection distribution={ distribution.clone() } params={ params.clone() } />
            <rank::RankSection params={ *params } />
            <tournament::TournamentSection />
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centres_are_read_item_by_item() {
        assert_eq!(parse_centre("0.7, 0.27,0.05").unwrap().values(), [0.7, 0.27, 0.05]);
        assert!(matches!(
            parse_centre("0.7,x"),
            Err(CentreError::Syntax { item: 2, .. })
        ));
        assert!(matches!(
            parse_centre("NaN"),
            Err(CentreError::OutOfRange { item: 1, .. })
        ));
        assert!(matches!(
            parse_centre("inf"),
            Err(CentreError::OutOfRange { item: 1, .. })
        ));
    }
}
