//! A table's WebSocket as a hook: it connects, says hello, keeps the last
//! frame the server sent, and connects again (saying hello with the same
//! seat key, so the chair resumes exactly) whenever the connection drops.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use engine::table::{ClientMessage, Frame, ServerMessage};
use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, WebSocket};
use yew::prelude::*;

/// How long to wait before connecting again (ms).
const AGAIN_MS: u32 = 1_500;

/// What the socket knows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Link {
    /// The last frame.
    pub frame: Option<Rc<Frame>>,
    /// The last refusal: its code and sentence.
    pub refused: Option<(String, String)>,
    /// Whether the socket is open now.
    pub open: bool,
}

/// The socket of table `id`, saying hello with `key` (a spectator
/// without); and a callback that sends a message.
#[hook]
pub fn use_table_socket(id: AttrValue, key: Option<AttrValue>) -> (Link, Callback<ClientMessage>) {
    let link = use_state(Link::default);
    let socket: Rc<RefCell<Option<WebSocket>>> = use_mut_ref(|| None);
    {
        let (link, socket) = (link.clone(), socket.clone());
        use_effect_with((id, key), move |(id, key)| {
            let connection = Connection::start(url(id), key.as_ref().map(|k| k.to_string()), link, socket);
            move || connection.stop()
        });
    }
    let send = Callback::from(move |message: ClientMessage| {
        if let (Some(ws), Ok(text)) = (socket.borrow().as_ref(), serde_json::to_string(&message)) {
            let _ = ws.send_with_str(&text);
        }
    });
    ((*link).clone(), send)
}

/// `ws[s]://` + the page's folder + `api/tables/ID/ws`.
fn url(id: &str) -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let page = href.split(['#', '?']).next().unwrap_or_default();
    let folder = &page[..page.rfind('/').map_or(page.len(), |i| i + 1)];
    let folder = folder.replacen("https://", "wss://", 1).replacen("http://", "ws://", 1);
    format!("{folder}api/tables/{}/ws", js_sys::encode_uri_component(id))
}

/// One socket after another until stopped.
struct Connection {
    shared: Shared,
}

/// What the sockets of one connection share.
#[derive(Clone)]
struct Shared {
    url: Rc<String>,
    key: Rc<Option<String>>,
    link: UseStateHandle<Link>,
    /// The latest state: a handle's value is its render's.
    latest: Rc<RefCell<Link>>,
    socket: Rc<RefCell<Option<WebSocket>>>,
    live: Rc<RefCell<Option<Live>>>,
    stopped: Rc<Cell<bool>>,
}

/// The open socket's closures.
struct Live {
    _on_open: Closure<dyn FnMut()>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut()>,
}

impl Connection {
    fn start(
        url: String,
        key: Option<String>,
        link: UseStateHandle<Link>,
        socket: Rc<RefCell<Option<WebSocket>>>,
    ) -> Connection {
        let shared = Shared {
            url: Rc::new(url),
            key: Rc::new(key),
            latest: Rc::new(RefCell::new((*link).clone())),
            link,
            socket,
            live: Rc::new(RefCell::new(None)),
            stopped: Rc::new(Cell::new(false)),
        };
        connect(shared.clone());
        Connection { shared }
    }

    fn stop(self) {
        self.shared.stopped.set(true);
        if let Some(ws) = self.shared.socket.borrow_mut().take() {
            ws.set_onclose(None);
            ws.set_onmessage(None);
            let _ = ws.close();
        }
        // The closures hold `shared`: drop them to free it.
        self.shared.live.borrow_mut().take();
    }
}

impl Shared {
    fn update(&self, change: impl FnOnce(&mut Link)) {
        let mut latest = self.latest.borrow_mut();
        change(&mut latest);
        self.link.set(latest.clone());
    }
}

fn connect(shared: Shared) {
    if shared.stopped.get() {
        return;
    }
    let Ok(ws) = WebSocket::new(&shared.url) else {
        return;
    };
    let on_open = {
        let (ws, shared) = (ws.clone(), shared.clone());
        Closure::<dyn FnMut()>::new(move || {
            let hello = ClientMessage::Hello {
                key: (*shared.key).clone(),
            };
            if let Ok(text) = serde_json::to_string(&hello) {
                let _ = ws.send_with_str(&text);
            }
            shared.update(|l| l.open = true);
        })
    };
    let on_message = {
        let shared = shared.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let Some(text) = e.data().as_string() else { return };
            match serde_json::from_str::<ServerMessage>(&text) {
                Ok(ServerMessage::Frame(frame)) => shared.update(|l| l.frame = Some(Rc::new(*frame))),
                Ok(ServerMessage::Error { code, error }) => shared.update(|l| l.refused = Some((code, error))),
                Err(_) => {}
            }
        })
    };
    let on_close = {
        let shared = shared.clone();
        Closure::<dyn FnMut()>::new(move || {
            shared.update(|l| l.open = false);
            let again = shared.clone();
            // Runs once; `stopped` keeps it from connecting after the page left.
            Timeout::new(AGAIN_MS, move || connect(again)).forget();
        })
    };
    ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    *shared.socket.borrow_mut() = Some(ws);
    // The closures of the socket before this one are done with: it closed.
    *shared.live.borrow_mut() = Some(Live {
        _on_open: on_open,
        _on_message: on_message,
        _on_close: on_close,
    });
}
