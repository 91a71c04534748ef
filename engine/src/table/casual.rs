//! The casual rules' decisions before the play (欢乐斗地主's): 叫地主 /
//! 抢地主 instead of bidding points, then 加倍 by each player and 明牌 by
//! the landlord. Each is a yes or no in turn; this module says whose turn
//! it is and what the answers make.

use serde::{Deserialize, Serialize};

/// A casual decision: what a yes or no answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ask {
    /// 叫地主: the first to say yes is the caller.
    Call,
    /// 抢地主: take the landlord's place from the caller (each ×2).
    Rob,
    /// 加倍: double one's own stakes.
    Double,
    /// 明牌: the landlord plays with the hand shown (×2).
    Show,
}

impl Ask {
    /// The word in actions: `call`, `rob`, `double`, `show`.
    pub const fn name(self) -> &'static str {
        match self {
            Ask::Call => "call",
            Ask::Rob => "rob",
            Ask::Double => "double",
            Ask::Show => "show",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Ask> {
        [Ask::Call, Ask::Rob, Ask::Double, Ask::Show]
            .into_iter()
            .find(|a| a.name() == name)
    }
}

/// Where the 叫/抢 auction stands, bidders numbered from the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Robbing {
    /// `bidder` answers `ask` next.
    Open { bidder: usize, ask: Ask },
    /// Over: `landlord` (the last to call or rob) after `robs` robs.
    Won { landlord: usize, robs: u32 },
    /// Nobody called: a redeal.
    AllPassed,
}

/// Replays the 叫/抢 answers: bidders call in turn until one says yes;
/// each bidder after the caller may rob once; if anyone robbed, the caller
/// may rob back. The last yes is the landlord. Answers past the end are
/// ignored (the caller never gives them).
pub fn robbing(answers: &[bool]) -> Robbing {
    let mut next = answers.iter().copied();
    let mut caller = None;
    for bidder in 0..3 {
        match next.next() {
            None => return Robbing::Open { bidder, ask: Ask::Call },
            Some(true) => {
                caller = Some(bidder);
                break;
            }
            Some(false) => {}
        }
    }
    let Some(caller) = caller else {
        return Robbing::AllPassed;
    };
    let (mut landlord, mut robs) = (caller, 0);
    for bidder in caller + 1..3 {
        match next.next() {
            None => return Robbing::Open { bidder, ask: Ask::Rob },
            Some(true) => (landlord, robs) = (bidder, robs + 1),
            Some(false) => {}
        }
    }
    if robs > 0 {
        match next.next() {
            None => {
                return Robbing::Open {
                    bidder: caller,
                    ask: Ask::Rob,
                }
            }
            Some(true) => (landlord, robs) = (caller, robs + 1),
            Some(false) => {}
        }
    }
    Robbing::Won { landlord, robs }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_yes_is_the_landlord() {
        assert_eq!(
            robbing(&[]),
            Robbing::Open {
                bidder: 0,
                ask: Ask::Call
            }
        );
        assert_eq!(robbing(&[false, false, false]), Robbing::AllPassed);
        // The last bidder calls: nobody after to rob.
        assert_eq!(robbing(&[false, false, true]), Robbing::Won { landlord: 2, robs: 0 });
        // 0 calls, 1 robs, 2 does not, 0 robs back.
        assert_eq!(
            robbing(&[true]),
            Robbing::Open {
                bidder: 1,
                ask: Ask::Rob
            }
        );
        assert_eq!(
            robbing(&[true, true, false]),
            Robbing::Open {
                bidder: 0,
                ask: Ask::Rob
            }
        );
        assert_eq!(
            robbing(&[true, true, false, true]),
            Robbing::Won { landlord: 0, robs: 2 }
        );
        assert_eq!(
            robbing(&[true, true, true, false]),
            Robbing::Won { landlord: 2, robs: 2 }
        );
        // Nobody robs: the caller.
        assert_eq!(robbing(&[false, true, false]), Robbing::Won { landlord: 1, robs: 0 });
        // Those who would not call cannot rob.
        assert_eq!(
            robbing(&[false, true]),
            Robbing::Open {
                bidder: 2,
                ask: Ask::Rob
            }
        );
        assert_eq!(
            robbing(&[false, true, true]),
            Robbing::Open {
                bidder: 1,
                ask: Ask::Rob
            }
        );
    }
}
