//! Words the games' notations share (each game's moves are described in its own
//! `notation.rs`): quarter turns as degrees, coordinates with a true minus sign, counted nouns.

/// ", turned 90°" for 1 to 3 clockwise quarter turns, nothing for none, and the count as given
/// beyond 3 (only an illegal action names one).
pub fn turned(quarters: u8) -> String {
    match quarters {
        0 => String::new(),
        1..=3 => format!(", turned {}°", u16::from(quarters) * 90),
        _ => format!(", turned {quarters} quarter turns"),
    }
}

/// A coordinate; a negative one with the minus sign (−), as the rules files print them.
pub fn signed(n: i32) -> String {
    if n < 0 {
        format!("\u{2212}{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// "1 coin", "3 coins": `noun` with an `s` unless there is exactly one.
pub fn counted(n: u32, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_coordinates_and_counts_read_as_words() {
        assert_eq!(turned(0), "");
        assert_eq!(turned(2), ", turned 180°");
        assert_eq!(turned(7), ", turned 7 quarter turns");
        assert_eq!(signed(-2), "−2");
        assert_eq!(signed(3), "3");
        assert_eq!(counted(1, "coin"), "1 coin");
        assert_eq!(counted(0, "coin"), "0 coins");
    }
}
