//! Where to draw the cities of a map on a replay page: display data only, no rule reads it.
//! The data files give no coordinates, so `usa` and `europe` use this table of approximate
//! longitudes and latitudes of the real cities; a map whose cities are not all in it (`small`)
//! puts them on a circle in id order.

/// (city name as in the data files, longitude °E, latitude °N).
const PLACES: &[(&str, f64, f64)] = &[
    ("Vancouver", -123.1, 49.3),
    ("Seattle", -122.3, 47.6),
    ("Portland", -122.7, 45.5),
    ("San Francisco", -122.4, 37.8),
    ("Los Angeles", -118.2, 34.1),
    ("Phoenix", -112.1, 33.4),
    ("Las Vegas", -115.1, 36.2),
    ("Salt Lake City", -111.9, 40.8),
    ("Calgary", -114.1, 51.0),
    ("Helena", -112.0, 46.6),
    ("Winnipeg", -97.1, 49.9),
    ("Denver", -105.0, 39.7),
    ("Santa Fe", -105.9, 35.7),
    ("El Paso", -106.4, 31.8),
    ("Houston", -95.4, 29.8),
    ("Dallas", -96.8, 32.8),
    ("Oklahoma City", -97.5, 35.5),
    ("Kansas City", -94.6, 39.1),
    ("Omaha", -96.0, 41.3),
    ("Duluth", -92.1, 46.8),
    ("Sault St. Marie", -84.3, 46.5),
    ("Chicago", -87.6, 41.9),
    ("Saint Louis", -90.2, 38.6),
    ("Little Rock", -92.3, 34.7),
    ("New Orleans", -90.1, 30.0),
    ("Atlanta", -84.4, 33.7),
    ("Nashville", -86.8, 36.2),
    ("Pittsburgh", -80.0, 40.4),
    ("Toronto", -79.4, 43.7),
    ("Montréal", -73.6, 45.5),
    ("Boston", -71.1, 42.4),
    ("New York", -74.0, 40.7),
    ("Washington", -77.0, 38.9),
    ("Raleigh", -78.6, 35.8),
    ("Charleston", -79.9, 32.8),
    ("Miami", -80.2, 25.8),
    ("Cadiz", -6.3, 36.5),
    ("Lisboa", -9.1, 38.7),
    ("Madrid", -3.7, 40.4),
    ("Barcelona", 2.2, 41.4),
    ("Pamplona", -1.6, 42.8),
    ("Marseille", 5.4, 43.3),
    ("Brest", -4.5, 48.4),
    ("Dieppe", 1.1, 49.9),
    ("Paris", 2.35, 48.9),
    ("Bruxelles", 4.35, 50.85),
    ("Zurich", 8.5, 47.4),
    ("Munchen", 11.6, 48.1),
    ("Frankfurt", 8.7, 50.1),
    ("Roma", 12.5, 41.9),
    ("Venezia", 12.3, 45.4),
    ("London", -0.1, 51.5),
    ("Edinburgh", -3.2, 55.95),
    ("Amsterdam", 4.9, 52.4),
    ("Essen", 7.0, 51.5),
    ("Kobenhavn", 12.6, 55.7),
    ("Stockholm", 18.1, 59.3),
    ("Berlin", 13.4, 52.5),
    ("Wien", 16.4, 48.2),
    ("Zagrab", 16.0, 45.8),
    ("Brindisi", 17.9, 40.6),
    ("Palermo", 13.4, 38.1),
    ("Athina", 23.7, 38.0),
    ("Sarajevo", 18.4, 43.9),
    ("Budapest", 19.0, 47.5),
    ("Warszawa", 21.0, 52.2),
    ("Danzig", 18.6, 54.4),
    ("Riga", 24.1, 56.9),
    ("Petrograd", 30.3, 59.9),
    ("Wilno", 25.3, 54.7),
    ("Kyiv", 30.5, 50.45),
    ("Bucuresti", 26.1, 44.4),
    ("Sofia", 23.3, 42.7),
    ("Smyrna", 27.1, 38.4),
    ("Constantinople", 29.0, 41.0),
    ("Angora", 32.9, 39.9),
    ("Erzurum", 41.3, 39.9),
    ("Sevastopol", 33.5, 44.6),
    ("Sochi", 39.7, 43.6),
    ("Rostov", 39.7, 47.2),
    ("Kharkov", 36.2, 50.0),
    ("Moskva", 37.6, 55.75),
    ("Smolensk", 32.0, 54.8),
];

/// Drawing positions of `cities`, x to the east and y to the south, unscaled (the page fits
/// them to its box).
pub fn city_positions(cities: &[String]) -> Vec<(f64, f64)> {
    let found: Option<Vec<(f64, f64)>> = cities
        .iter()
        .map(|name| {
            PLACES
                .iter()
                .find(|(n, _, _)| n == name)
                .map(|&(_, lon, lat)| (lon, lat))
        })
        .collect();
    match found {
        Some(places) => {
            // Equirectangular around the map's mean latitude, so east-west distances keep
            // their proportion to north-south ones.
            let mean = places.iter().map(|p| p.1).sum::<f64>() / places.len() as f64;
            let shrink = mean.to_radians().cos();
            places
                .iter()
                .map(|&(lon, lat)| (lon * shrink, -lat))
                .collect()
        }
        None => {
            let n = cities.len() as f64;
            (0..cities.len())
                .map(|i| {
                    let angle = std::f64::consts::TAU * i as f64 / n;
                    (angle.sin(), -angle.cos())
                })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::t2r::{Map, MapName, RuleSet};

    #[test]
    fn usa_and_europe_have_every_city_placed_and_apart() {
        for name in [MapName::Usa, MapName::Europe] {
            let map = Map::load(name, RuleSet::Official);
            for city in &map.cities {
                assert!(
                    PLACES.iter().any(|(n, _, _)| n == city),
                    "{city} has no place"
                );
            }
            let places = city_positions(&map.cities);
            for (i, a) in places.iter().enumerate() {
                for b in &places[i + 1..] {
                    assert!((a.0 - b.0).hypot(a.1 - b.1) > 0.5, "two cities overlap");
                }
            }
        }
    }

    #[test]
    fn seattle_is_west_of_new_york_and_north_of_los_angeles() {
        let map = Map::load(MapName::Usa, RuleSet::Official);
        let places = city_positions(&map.cities);
        let at = |name: &str| places[map.cities.iter().position(|c| c == name).unwrap()];
        assert!(at("Seattle").0 < at("New York").0);
        assert!(at("Seattle").1 < at("Los Angeles").1);
    }

    #[test]
    fn a_map_without_places_is_drawn_on_a_circle() {
        let map = Map::load(MapName::Small, RuleSet::Official);
        let places = city_positions(&map.cities);
        assert_eq!(places.len(), map.cities.len());
        for (x, y) in places {
            assert!((x.hypot(y) - 1.0).abs() < 1e-9);
        }
    }
}
