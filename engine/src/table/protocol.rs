//! The messages of a table's WebSocket (docs/tables.md), one set of types
//! for the server that sends frames and the clients (the app, the CLI's
//! table bot) that read them.

use serde::{Deserialize, Serialize};

use super::view::{TableView, Viewer};
use super::{Action, Rules};

/// Who holds a chair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sitter {
    /// The name they took (an AI's is its rung).
    pub name: String,
    /// A person or an AI.
    pub player: Holder,
    /// 托管: a person's chair the AI plays for now.
    pub auto: bool,
}

/// What holds a chair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Holder {
    /// Someone who took the chair by the table's link.
    Person,
    /// An AI the host put there.
    Ai,
}

/// The table as one viewer may see it, with who sits where and the time
/// left: what the server sends after every change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// The table's id.
    pub id: String,
    /// Seconds a person has for a turn.
    pub turn_seconds: u32,
    /// The AI's rung for 托管 and for chairs the host fills.
    pub ai: String,
    /// Each chair's holder; `None` while empty.
    pub chairs: [Option<Sitter>; 3],
    /// Actions so far in the current deal: the ply the next one answers.
    pub ply: usize,
    /// Milliseconds until the timed wait ends (a person's turn, the pause
    /// after a deal).
    pub time_left_ms: Option<u64>,
    /// The table's place in a duplicate session, if it is in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duplicate: Option<DuplicateSeat>,
    /// The engine's view for this viewer.
    #[serde(flatten)]
    pub view: TableView,
}

/// A table's place in a duplicate session (复式).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuplicateSeat {
    /// The session's id.
    pub id: String,
    /// The table's number in it, from 1.
    pub table: u32,
    /// The boards every table plays: deal k is board k.
    pub boards: u32,
}

impl Frame {
    /// The rules the table plays by.
    pub fn rules(&self) -> Rules {
        self.view.rules
    }

    /// Who this frame is for.
    pub fn viewer(&self) -> Viewer {
        self.view.viewer
    }
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerMessage {
    /// The table now.
    Frame(Box<Frame>),
    /// A message refused (a fresh frame follows).
    Error {
        /// What kind: `stale`, `not-your-turn`, `illegal`, …
        code: String,
        /// The reason, in English.
        error: String,
    },
}

/// A message to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ClientMessage {
    /// The first message: a seat key takes its chair (and ends its 托管);
    /// none watches as a spectator.
    Hello {
        /// The seat key.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
    },
    /// An action for the deal and ply it answers.
    Act {
        /// The deal's number.
        deal: u32,
        /// The number of actions in the deal before it.
        ply: usize,
        /// The call or move.
        action: Action,
    },
    /// End 托管 and play again.
    Takeover,
    /// Ready for the next deal.
    Next,
}

impl ClientMessage {
    /// The action a frame's viewer sends for the frame's current ply.
    pub fn act(frame: &Frame, action: Action) -> ClientMessage {
        ClientMessage::Act {
            deal: frame.view.deals,
            ply: frame.ply,
            action,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bidding::Bid;
    use crate::table::{Chair, Table};

    #[test]
    fn messages_read_as_the_protocol_writes_them() {
        let hello: ClientMessage = serde_json::from_str(r#"{"type": "hello"}"#).unwrap();
        assert_eq!(hello, ClientMessage::Hello { key: None });
        let act: ClientMessage =
            serde_json::from_str(r#"{"type": "act", "deal": 3, "ply": 5, "action": "bid 2"}"#).unwrap();
        assert_eq!(
            act,
            ClientMessage::Act {
                deal: 3,
                ply: 5,
                action: Action::Bid(Bid::Two)
            }
        );
        assert!(
            serde_json::from_str::<ClientMessage>(r#"{"type": "act", "deal": 3, "ply": 5, "action": "bid 7"}"#)
                .is_err()
        );
        let mut table = Table::new(Rules::Tournament);
        table.start_deal(9).unwrap();
        let frame = Frame {
            id: "abc".into(),
            turn_seconds: 30,
            ai: "L7".into(),
            chairs: [None, None, None],
            ply: 0,
            time_left_ms: Some(1),
            duplicate: Some(DuplicateSeat {
                id: "dup".into(),
                table: 2,
                boards: 4,
            }),
            view: table.view(Viewer::Chair(Chair::at(1))),
        };
        let text = serde_json::to_string(&ServerMessage::Frame(Box::new(frame.clone()))).unwrap();
        assert!(text.starts_with(r#"{"type":"frame","#), "{text}");
        assert_eq!(
            serde_json::from_str::<ServerMessage>(&text).unwrap(),
            ServerMessage::Frame(Box::new(frame))
        );
    }
}
