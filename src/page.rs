//! What every page shares: the templates in `src/templates` (one layout, one style; a page
//! extends `layout.html`) and how they escape text. Askama's own escaper writes `<` as `&#60;`;
//! this one writes the named entities the pages always used (`&lt;`, `&gt;`, `&amp;`,
//! `&quot;`), so a page reads the same in its source as in a browser. Apostrophes stay as
//! they are: every attribute is quoted with `"`.

use std::fmt::{self, Write};

/// The HTML escaper of every template (`askama.toml`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Html;

impl askama::filters::Escaper for Html {
    fn write_escaped_str<W: Write>(&self, mut dest: W, text: &str) -> fmt::Result {
        let mut rest = text;
        while let Some(at) = rest.find(['&', '<', '>', '"']) {
            dest.write_str(&rest[..at])?;
            dest.write_str(match rest.as_bytes()[at] {
                b'&' => "&amp;",
                b'<' => "&lt;",
                b'>' => "&gt;",
                _ => "&quot;",
            })?;
            rest = &rest[at + 1..];
        }
        dest.write_str(rest)
    }
}

/// A page's markup, or why its template could not lay it out.
pub fn render(page: &impl askama::Template) -> Result<String, String> {
    page.render().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use askama::filters::Escaper;

    #[test]
    fn the_four_characters_become_named_entities() {
        let mut out = String::new();
        Html.write_escaped_str(&mut out, "a<b> & \"c\" it's")
            .unwrap();
        assert_eq!(out, "a&lt;b&gt; &amp; &quot;c&quot; it's");
    }
}
