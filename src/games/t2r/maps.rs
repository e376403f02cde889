//! The three boards, compiled into the binary from the contest's CSV files (rules §2.3), with
//! the `official` correction of Duluth–Chicago applied in code, never in the data.

use super::RuleSet;
use super::action::Colour;

/// A board a game can be played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapName {
    Usa,
    Small,
    Europe,
}

impl MapName {
    pub const ALL: [MapName; 3] = [MapName::Usa, MapName::Small, MapName::Europe];

    pub fn as_str(self) -> &'static str {
        match self {
            MapName::Usa => "usa",
            MapName::Small => "small",
            MapName::Europe => "europe",
        }
    }

    pub fn parse(name: &str) -> Option<MapName> {
        MapName::ALL.into_iter().find(|m| m.as_str() == name)
    }

    fn files(self) -> (&'static str, &'static str, &'static str) {
        match self {
            MapName::Usa => (
                include_str!("data/t2r-usa-cities.csv"),
                include_str!("data/t2r-usa-routes.csv"),
                include_str!("data/t2r-usa-tickets.csv"),
            ),
            MapName::Small => (
                include_str!("data/t2r-small-cities.csv"),
                include_str!("data/t2r-small-routes.csv"),
                include_str!("data/t2r-small-tickets.csv"),
            ),
            MapName::Europe => (
                include_str!("data/t2r-europe-cities.csv"),
                include_str!("data/t2r-europe-routes.csv"),
                include_str!("data/t2r-europe-tickets.csv"),
            ),
        }
    }

    /// Trains per player; not stored in the data files (§2.2).
    pub fn trains_per_player(self) -> u8 {
        match self {
            MapName::Usa | MapName::Europe => 45,
            MapName::Small => 15,
        }
    }
}

/// Points scored when claiming a route of each length 1..=8 (§2.2).
pub fn route_points(length: u8) -> i32 {
    const POINTS: [i32; 9] = [0, 1, 2, 4, 7, 10, 15, 18, 21];
    POINTS[usize::from(length)]
}

/// One row of the routes file: one or two parallel tracks between neighbouring cities.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// `track_id`, the row order ("map order").
    pub id: u8,
    /// City ids, `a < b`.
    pub a: u8,
    pub b: u8,
    pub length: u8,
    /// Track colours: `color1`, and `color2` for a double route. `Locomotive` means gray.
    pub colours: Vec<Colour>,
}

impl Route {
    pub fn is_gray(&self) -> bool {
        self.colours[0] == Colour::Locomotive
    }

    pub fn is_double(&self) -> bool {
        self.colours.len() == 2
    }

    pub fn points(&self) -> i32 {
        route_points(self.length)
    }

    /// The city at the other end from `city`.
    pub fn other_end(&self, city: u8) -> u8 {
        if city == self.a { self.b } else { self.a }
    }

    /// Card colours that may pay for this route: its track colours, or all 8 for gray.
    pub fn payable_colours(&self) -> &[Colour] {
        if self.is_gray() {
            &Colour::CARD_COLOURS
        } else {
            &self.colours
        }
    }
}

/// One end of a route as seen from a city: the route, the city at its other end and the
/// route's length, so a search walking a city's neighbours skips the visited ones and weighs
/// the others without reading the route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub route: u8,
    pub other: u8,
    pub length: u8,
}

/// A destination ticket; cities in file order (not sorted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ticket {
    pub id: u16,
    pub from: u8,
    pub to: u8,
    pub points: i32,
}

/// A loaded board, ready to play under one rule set.
#[derive(Clone, Debug)]
pub struct Map {
    pub name: MapName,
    pub cities: Vec<String>,
    pub routes: Vec<Route>,
    pub tickets: Vec<Ticket>,
    /// The routes touching each city, in map order.
    pub links_at: Vec<Vec<Link>>,
    pub trains_per_player: u8,
}

/// The `usa` route whose data length (6) differs from the published board (3, §2.3).
pub const DULUTH_CHICAGO: usize = 15;

impl Map {
    /// Loads a board. The embedded files are checked by tests, so a parse failure is a build defect.
    pub fn load(name: MapName, rules: RuleSet) -> Map {
        let (cities_csv, routes_csv, tickets_csv) = name.files();
        let cities: Vec<String> = rows(cities_csv).map(|r| r[1].to_string()).collect();
        let mut routes: Vec<Route> = rows(routes_csv)
            .map(|r| {
                let mut colours = vec![Colour::parse(&r[4]).expect("known colour in map data")];
                if &r[5] != "None" {
                    colours.push(Colour::parse(&r[5]).expect("known colour in map data"));
                }
                Route {
                    id: number(&r[0]),
                    a: number(&r[1]),
                    b: number(&r[2]),
                    length: number(&r[3]),
                    colours,
                }
            })
            .collect();
        if name == MapName::Usa && rules == RuleSet::Official {
            routes[DULUTH_CHICAGO].length = 3;
        }
        let tickets = rows(tickets_csv)
            .map(|r| Ticket {
                id: number(&r[0]),
                from: number(&r[1]),
                to: number(&r[2]),
                points: number(&r[3]),
            })
            .collect();
        let mut links_at = vec![Vec::new(); cities.len()];
        for route in &routes {
            link(&mut links_at, route);
        }
        Map {
            name,
            cities,
            routes,
            tickets,
            links_at,
            trains_per_player: name.trains_per_player(),
        }
    }
}

/// Adds `route` to the links of both its cities (after those of earlier routes: map order).
pub fn link(links_at: &mut [Vec<Link>], route: &Route) {
    links_at[usize::from(route.a)].push(Link {
        route: route.id,
        other: route.b,
        length: route.length,
    });
    links_at[usize::from(route.b)].push(Link {
        route: route.id,
        other: route.a,
        length: route.length,
    });
}

fn rows(text: &'static str) -> impl Iterator<Item = csv::StringRecord> {
    csv::Reader::from_reader(text.as_bytes())
        .into_records()
        .map(|r| r.expect("well-formed embedded map CSV"))
}

fn number<T: std::str::FromStr>(field: &str) -> T {
    field
        .parse()
        .ok()
        .expect("numeric field in embedded map CSV")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spaces(map: &Map) -> u32 {
        map.routes
            .iter()
            .map(|r| u32::from(r.length) * r.colours.len() as u32)
            .sum()
    }

    #[test]
    fn usa_official_corrects_duluth_chicago() {
        let map = Map::load(MapName::Usa, RuleSet::Official);
        let route = &map.routes[DULUTH_CHICAGO];
        assert_eq!((route.a, route.b, route.length), (19, 21, 3));
        assert_eq!(route.points(), 4);
        assert_eq!(spaces(&map), 309);
        assert_eq!(map.tickets.iter().map(|t| t.points).sum::<i32>(), 349);
    }

    #[test]
    fn usa_cgs_keeps_the_data_length() {
        let map = Map::load(MapName::Usa, RuleSet::Cgs);
        assert_eq!(map.routes[DULUTH_CHICAGO].length, 6);
        assert_eq!(map.routes[DULUTH_CHICAGO].points(), 15);
        assert_eq!(spaces(&map), 312);
    }

    #[test]
    fn map_sizes_match_the_rules_table() {
        for (name, cities, routes, doubles, tracks, tickets) in [
            (MapName::Usa, 36, 78, 22, 100, 30),
            (MapName::Small, 8, 11, 0, 11, 9),
            (MapName::Europe, 47, 90, 11, 101, 46),
        ] {
            let map = Map::load(name, RuleSet::Official);
            assert_eq!(map.cities.len(), cities, "{name:?}");
            assert_eq!(map.routes.len(), routes, "{name:?}");
            assert_eq!(map.routes.iter().filter(|r| r.is_double()).count(), doubles);
            let track_count: usize = map.routes.iter().map(|r| r.colours.len()).sum();
            assert_eq!(track_count, tracks);
            assert_eq!(map.tickets.len(), tickets);
            assert!(
                map.routes
                    .iter()
                    .enumerate()
                    .all(|(i, r)| usize::from(r.id) == i && r.a < r.b)
            );
        }
    }
}
