//! One value per weapon group for each unit of a counter (the ship, or each fighter of a
//! squadron, 12.1.1), kept in one flat list with room for a ship's groups inline, so a
//! ship's bars and volleys cost no allocation when a round is set up.

use smallvec::SmallVec;
use std::ops::{Index, IndexMut};

/// Groups held without allocating: every class of the Talon data has fewer.
const INLINE: usize = 4;

/// `units × groups` values; `self[unit]` is that unit's groups.
#[derive(Debug, Clone, Default)]
pub struct PerUnit<T> {
    values: SmallVec<[T; INLINE]>,
    units: usize,
    groups: usize,
}

impl<T: Copy> PerUnit<T> {
    /// Refill with `units` units of `groups` values each, `value(group)` for every unit.
    pub fn fill(&mut self, units: usize, groups: usize, value: impl Fn(usize) -> T) {
        self.units = units;
        self.groups = groups;
        self.values.clear();
        for _ in 0..units {
            self.values.extend((0..groups).map(&value));
        }
    }

    /// The unit's groups, or `None` past the last unit.
    pub fn get(&self, unit: usize) -> Option<&[T]> {
        (unit < self.units).then(|| &self[unit])
    }

    pub fn get_mut(&mut self, unit: usize) -> Option<&mut [T]> {
        (unit < self.units).then(|| &mut self[unit])
    }

    /// How many units.
    pub fn len(&self) -> usize {
        self.units
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<T> Index<usize> for PerUnit<T> {
    type Output = [T];

    fn index(&self, unit: usize) -> &[T] {
        &self.values[unit * self.groups..(unit + 1) * self.groups]
    }
}

impl<T> IndexMut<usize> for PerUnit<T> {
    fn index_mut(&mut self, unit: usize) -> &mut [T] {
        &mut self.values[unit * self.groups..(unit + 1) * self.groups]
    }
}

#[cfg(test)]
mod tests {
    use super::PerUnit;

    #[test]
    fn units_are_rows_of_groups() {
        let mut bars = PerUnit::default();
        bars.fill(3, 2, |g| [g as u8, 0]);
        assert_eq!(bars.len(), 3);
        bars[1][1] = [9, 9];
        assert_eq!(&bars[0], &[[0, 0], [1, 0]]);
        assert_eq!(&bars[1], &[[0, 0], [9, 9]]);
        assert_eq!(bars.get(2), Some(&[[0, 0], [1, 0]][..]));
        assert_eq!(bars.get(3), None);
        bars.fill(1, 0, |_| [0, 0]);
        assert_eq!(
            (bars.len(), bars.get(0), bars.get(1)),
            (1, Some(&[][..]), None)
        );
    }
}
