use ddz_app::app::App;
use ddz_app::i18n::Lang;

fn main() {
    // A panic would leave a dead page: say so in both languages instead.
    yew::set_custom_panic_hook(Box::new(|info| {
        web_sys::console::error_1(&info.to_string().into());
        if let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()) {
            let message = Lang::ALL.map(|l| l.strings().crashed).join(" / ");
            let _ = body.insert_adjacent_html(
                "afterbegin",
                &format!("<p class=\"crash\" role=\"alert\">{message}</p>"),
            );
        }
    }));
    yew::Renderer::<App>::new().render();
}
