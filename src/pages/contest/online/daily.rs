//! Today's daily contest on the server serving the site: the same six
//! boards for everyone who plays it there, dealt from the server's secret,
//! with the day's standings. Offered on the daily card beside the daily
//! contest of the link, which stays playable offline.

use engine::Date;
use yew::prelude::*;

use super::link;
use super::views::EventView;
use crate::api::{call, Server};
use crate::i18n::use_strings;

#[derive(Properties, PartialEq)]
pub struct ServerDailyProps {
    pub date: Date,
}

/// A link to the server's daily event of `date`, once the server names it;
/// nothing on a static site or when the server does not answer.
#[component]
pub fn ServerDaily(props: &ServerDailyProps) -> Html {
    let t = use_strings();
    let server = use_context::<Server>().unwrap_or_default().0;
    let event = use_state(|| None::<EventView>);
    {
        let event = event.clone();
        use_effect_with((server, props.date), move |&(server, date)| {
            if server {
                wasm_bindgen_futures::spawn_local(async move {
                    if let Ok(view) = call::<EventView>("GET", &format!("daily/{date}"), None, None).await {
                        event.set(Some(view));
                    }
                });
            }
        });
    }
    let Some(view) = &*event else {
        return html! {};
    };
    html! {
        <p class="daily-server" id="daily-server" data-id={ view.id.clone() }>
            <a class="button" id="daily-server-link" href={ link(&view.id, None, None) }>{ t.online.daily_server }</a>
            <span class="note">{ t.online.daily_server_note }</span>
        </p>
    }
}
