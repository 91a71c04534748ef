//! A session at a table: its deals one after another and the running
//! score.

use super::deal::TableDeal;
use super::{Action, Chair, Rules, TableError};

/// A table's session: the rules and every deal dealt so far, the last one
/// perhaps still being played. Rebuilt from its seeds and actions, it is
/// the same table: nothing else is kept.
#[derive(Clone, Debug)]
pub struct Table {
    rules: Rules,
    deals: Vec<TableDeal>,
}

impl Table {
    /// A table with no deal yet.
    pub fn new(rules: Rules) -> Table {
        Table {
            rules,
            deals: Vec::new(),
        }
    }

    /// Its rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Every deal so far, the first first.
    pub fn deals(&self) -> &[TableDeal] {
        &self.deals
    }

    /// The last deal dealt, finished or not.
    pub fn current(&self) -> Option<&TableDeal> {
        self.deals.last()
    }

    /// Deals the next deal from `seed`: its first bidder is the chair
    /// after the last deal's. Refused while the last deal is being played.
    pub fn start_deal(&mut self, seed: u64) -> Result<u32, TableError> {
        if let Some(deal) = self.current().filter(|d| !d.is_finished()) {
            return Err(TableError::DealInProgress(deal.number()));
        }
        let number = self.deals.len() as u32 + 1;
        let first = Chair::at(0).after(self.deals.len());
        self.deals.push(TableDeal::new(self.rules, number, seed, first));
        Ok(number)
    }

    /// The chair whose turn it is in the current deal.
    pub fn to_act(&self) -> Option<Chair> {
        self.current()?.to_act()
    }

    /// Makes `chair`'s action in the current deal.
    pub fn act(&mut self, chair: Chair, action: Action) -> Result<(), TableError> {
        self.deals.last_mut().ok_or(TableError::NoDeal)?.act(chair, action)
    }

    /// Each chair's total over the finished deals.
    pub fn scores(&self) -> [i64; 3] {
        let mut total = [0i64; 3];
        for result in self.deals.iter().filter_map(TableDeal::result) {
            for (sum, score) in total.iter_mut().zip(result.scores) {
                *sum += score;
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bidding::Bid;

    #[test]
    fn the_first_bidder_moves_on_and_a_deal_in_play_blocks_the_next() {
        let mut table = Table::new(Rules::Tournament);
        assert_eq!(table.act(Chair::at(0), Action::Bid(Bid::One)), Err(TableError::NoDeal));
        table.start_deal(1).unwrap();
        assert_eq!(table.start_deal(2), Err(TableError::DealInProgress(1)));
        for chair in Chair::ALL {
            table.act(chair, Action::Bid(Bid::Pass)).unwrap();
        }
        assert_eq!(table.start_deal(2), Ok(2));
        assert_eq!(table.to_act(), Some(Chair::at(1)));
        assert_eq!(table.scores(), [0, 0, 0]);
    }
}
