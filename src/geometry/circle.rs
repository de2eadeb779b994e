//! The smallest enclosing circle (minimum covering circle) of a finite set of points in the plane, two ways.
//!
//! * [`seed_method`] — the method of seed article 001, section Ⅲ ("最小圆覆盖": the C function
//!   `minCircleRadius`): for every triple of points, the smallest circle covering the triple — the circle on the
//!   longest side as diameter when the triangle is right, obtuse or degenerate (collinear points, repeated
//!   points), else (an acute triangle) its circumcircle — and the answer is the **largest** of these circles.
//!   One point gives radius 0, two points the circle on them as diameter (the seed's `n <= 1` and `n == 2`
//!   cases); with three or more points only triples are examined (a pair is covered by every triple holding
//!   it). The largest triple circle is the smallest enclosing circle because that circle is fixed by at most
//!   three of the points and every other triple fits inside it. C(n, 3) circles: O(n³).
//! * [`welzl`] — E. Welzl, "Smallest enclosing disks (balls and ellipsoids)", in *New Results and New Trends in
//!   Computer Science*, LNCS 555, Springer 1991, pp. 359–370, in its iterative form: points in a random order
//!   (a seeded Fisher–Yates shuffle with [`rand_pcg::Pcg32`]); whenever a point lies outside the current circle
//!   it must lie on the boundary of the circle of the points seen so far, so the circle is rebuilt with it on
//!   the boundary (then with two points fixed, then three). Expected O(n) in-circle tests for any input, over
//!   the shuffle.
//!
//! Both return an [`Enclosing`]: centre, radius, the indices of the input points on the circle (within
//! [`ON_CIRCLE_TOLERANCE`] of the radius, relative) and an operation count: **circles built plus in-circle
//! tests**. The seed method builds C(n, 3) circles (1 for n ≤ 2) and makes no in-circle test; Welzl's builds a
//! circle each time a point falls outside and tests each point against the circle in force.
//!
//! Numerics: the points are first moved so that their bounding box is centred on the origin (so rounding
//! depends on the spread of the points, not on how far they are from (0, 0)); circumcentres come from the
//! perpendicular-bisector formula on edge vectors, and the seed's radius formula `R = abc / 4S` with Heron's
//! area (which loses all precision on thin triangles) is replaced by the distance from that centre — the same
//! number in exact arithmetic. An acute triangle cannot give a huge circle (its largest angle is at least 60°,
//! so `R ≤ longest side / √3`); in Welzl's algorithm a collinear triple (possible only with repeated points or
//! rounding) gets the circle on its two farthest points as diameter, never a near-infinite circumcircle.
//!
//! ```
//! use duiyi::geometry::circle::{Point, seed_method, welzl};
//! let pts = [Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(0.0, 3.0)];
//! let a = seed_method(&pts).unwrap();
//! let b = welzl(&pts, 1).unwrap();
//! assert!((a.radius - 2.5).abs() < 1e-12 && (b.radius - 2.5).abs() < 1e-12); // right triangle: hypotenuse / 2
//! assert_eq!(a.points_on_circle, vec![0, 1, 2]);
//! ```

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::Serialize;
use std::fmt;

/// Relative tolerance of [`Enclosing::points_on_circle`]: point `i` is on the circle when
/// `|dist(p_i, centre) − r| ≤ 1e-9 · r` (for `r = 0`: when it is the centre).
pub const ON_CIRCLE_TOLERANCE: f64 = 1e-9;

/// Relative slack of Welzl's in-circle test: `p` is inside when `dist(p, c) ≤ r + 1e-12 · (r + spread)`, where
/// `spread` is the largest distance of a point from the centre of the bounding box (rounding noise, not a
/// geometric allowance).
pub const INSIDE_SLACK: f64 = 1e-12;

/// Largest accepted coordinate magnitude: squares of differences must stay finite (`(2·10¹⁵⁰)² < f64::MAX`).
pub const MAX_COORDINATE: f64 = 1e150;

/// A point of the plane (any unit; the output is in the same unit).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Point {
    /// Abscissa.
    pub x: f64,
    /// Ordinate.
    pub y: f64,
}

impl Point {
    /// The point `(x, y)`.
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }

    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }

    fn dot(self, o: Point) -> f64 {
        self.x * o.x + self.y * o.y
    }

    fn norm2(self) -> f64 {
        self.dot(self)
    }

    /// Euclidean distance; no overflow within [`MAX_COORDINATE`], so no `hypot` (several times slower).
    fn dist(self, o: Point) -> f64 {
        self.sub(o).norm2().sqrt()
    }

    fn midpoint(self, o: Point) -> Point {
        Point::new((self.x + o.x) / 2.0, (self.y + o.y) / 2.0)
    }
}

/// Which algorithm to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// [`seed_method`]: every triple, O(n³).
    Seed,
    /// [`welzl`]: randomised incremental, expected O(n).
    Welzl,
}

impl Method {
    /// The name used on the command line and in the page (`seed`, `welzl`).
    pub fn name(self) -> &'static str {
        match self {
            Method::Seed => "seed",
            Method::Welzl => "welzl",
        }
    }

    /// Parses `seed` or `welzl`.
    ///
    /// # Errors
    /// [`CircleError::UnknownMethod`] for any other text.
    pub fn parse(text: &str) -> Result<Method, CircleError> {
        match text {
            "seed" => Ok(Method::Seed),
            "welzl" => Ok(Method::Welzl),
            other => Err(CircleError::UnknownMethod(crate::echo(other))),
        }
    }
}

/// The smallest enclosing circle of a point set, as an algorithm found it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Enclosing {
    /// Centre `[x, y]`, in the unit of the input.
    #[serde(serialize_with = "as_pair")]
    pub center: Point,
    /// Radius (0 for a single point or identical points).
    pub radius: f64,
    /// Indices (0-based, ascending, into the input slice) of the points within [`ON_CIRCLE_TOLERANCE`] of the
    /// circle: its support (2 or 3 points in general position; more when points are cocircular or repeated).
    pub points_on_circle: Vec<usize>,
    /// Circles built plus in-circle tests made (see the module docs).
    pub operations: u64,
}

fn as_pair<S: serde::Serializer>(p: &Point, s: S) -> Result<S::Ok, S::Error> {
    [p.x, p.y].serialize(s)
}

/// Why no circle was computed.
#[derive(Clone, Debug, PartialEq)]
pub enum CircleError {
    /// The input has no point.
    NoPoints,
    /// A coordinate is NaN or infinite. `index`: the point (0-based); `axis`: `'x'` or `'y'`.
    NotFinite { index: usize, axis: char, value: f64 },
    /// A coordinate's magnitude exceeds [`MAX_COORDINATE`].
    TooLarge { index: usize, axis: char, value: f64 },
    /// A method name other than `seed` or `welzl` (quoted, cut by [`crate::echo`]).
    UnknownMethod(String),
}

impl std::error::Error for CircleError {}

impl fmt::Display for CircleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CircleError::NoPoints => f.write_str("no points: the smallest enclosing circle needs at least one point"),
            CircleError::NotFinite { index, axis, value } => {
                write!(f, "point {index}: {axis} is {value}, not a finite number")
            }
            CircleError::TooLarge { index, axis, value } => {
                write!(f, "point {index}: {axis} = {value:e} is larger in magnitude than {MAX_COORDINATE:e}")
            }
            CircleError::UnknownMethod(m) => write!(f, "unknown method '{m}' (known: seed, welzl)"),
        }
    }
}

/// A circle during a computation.
#[derive(Clone, Copy, Debug)]
struct Circle {
    c: Point,
    r: f64,
}

/// Checks the input; returns the centre of the bounding box (the points are translated by minus it) and the
/// largest distance of a point from it.
fn prepare(points: &[Point]) -> Result<(Point, Vec<Point>, f64), CircleError> {
    if points.is_empty() {
        return Err(CircleError::NoPoints);
    }
    let (mut lo, mut hi) = (Point::new(f64::INFINITY, f64::INFINITY), Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY));
    for (index, p) in points.iter().enumerate() {
        for (axis, value) in [('x', p.x), ('y', p.y)] {
            if !value.is_finite() {
                return Err(CircleError::NotFinite { index, axis, value });
            }
            if value.abs() > MAX_COORDINATE {
                return Err(CircleError::TooLarge { index, axis, value });
            }
        }
        lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
        hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
    }
    let origin = lo.midpoint(hi);
    let moved: Vec<Point> = points.iter().map(|p| p.sub(origin)).collect();
    let spread = moved.iter().map(|p| p.norm2().sqrt()).fold(0.0, f64::max);
    Ok((origin, moved, spread))
}

/// The circle on `a b` as diameter.
fn diameter(a: Point, b: Point) -> Circle {
    Circle { c: a.midpoint(b), r: a.dist(b) / 2.0 }
}

/// The circle through `a`, `b`, `c`, or `None` when they are (numerically) collinear. Centre `a + u` with
/// `u = (|v|²·w⊥ − |w|²·v⊥) / 2(v × w)`, `v = b − a`, `w = c − a`.
fn circumcircle(a: Point, b: Point, c: Point) -> Option<Circle> {
    let v = b.sub(a);
    let w = c.sub(a);
    let cross = v.x * w.y - v.y * w.x;
    // |v × w| = |v||w| sin θ: below 1e-12 relative the triple is collinear for all practical purposes.
    if cross.abs() <= 1e-12 * (v.norm2() * w.norm2()).sqrt() || cross == 0.0 {
        return None;
    }
    let (v2, w2) = (v.norm2(), w.norm2());
    let d = 2.0 * cross;
    let u = Point::new((w.y * v2 - v.y * w2) / d, (v.x * w2 - w.x * v2) / d);
    let center = a.add(u);
    // The largest of the three distances, so that all three are inside despite rounding.
    let r = center.dist(a).max(center.dist(b)).max(center.dist(c));
    Some(Circle { c: center, r })
}

/// The circle on the farthest two of three points as diameter.
fn widest_pair(a: Point, b: Point, c: Point) -> Circle {
    let pairs = [(a, b), (a, c), (b, c)];
    let (p, q) = pairs.into_iter().fold((a, b), |best, (p, q)| {
        if p.sub(q).norm2() > best.0.sub(best.1).norm2() { (p, q) } else { best }
    });
    diameter(p, q)
}

/// The smallest circle covering a triple, as the seed decides it, as (centre, radius²): an acute triangle
/// (every angle below 90°, tested by the signs of the dot products of the edge vectors at each corner — the
/// seed's cosines) gets its circumcircle; a right, obtuse or degenerate one the circle on its longest side.
/// Squared radii (no square root per triple): the seed method compares them and takes one root at the end.
fn seed_triple(a: Point, b: Point, c: Point) -> (Point, f64) {
    let (ab, ac, bc) = (b.sub(a), c.sub(a), c.sub(b));
    let (at_a, at_b, at_c) = (ab.dot(ac), -ab.dot(bc), ac.dot(bc));
    if at_a > 0.0 && at_b > 0.0 && at_c > 0.0 {
        let cross = ab.x * ac.y - ab.y * ac.x;
        if cross != 0.0 {
            // An acute triangle is never thin (its largest angle is ≥ 60°): no collinearity test needed.
            let (v2, w2) = (ab.norm2(), ac.norm2());
            let d = 2.0 * cross;
            let center = a.add(Point::new((ac.y * v2 - ab.y * w2) / d, (ab.x * w2 - ac.x * v2) / d));
            let r2 = center.sub(a).norm2().max(center.sub(b).norm2()).max(center.sub(c).norm2());
            return (center, r2);
        }
    }
    // Right, obtuse or degenerate: the longest side as diameter.
    let (l_ab, l_ac, l_bc) = (ab.norm2(), ac.norm2(), bc.norm2());
    let (p, q, l2) = if l_ab >= l_ac && l_ab >= l_bc {
        (a, b, l_ab)
    } else if l_ac >= l_bc {
        (a, c, l_ac)
    } else {
        (b, c, l_bc)
    };
    (p.midpoint(q), l2 / 4.0)
}

/// The indices of the points on the circle, then the answer in input coordinates.
fn finish(points: &[Point], moved: &[Point], origin: Point, circle: Circle, operations: u64) -> Enclosing {
    let tolerance = ON_CIRCLE_TOLERANCE * circle.r;
    let points_on_circle =
        moved.iter().enumerate().filter(|(_, p)| (p.dist(circle.c) - circle.r).abs() <= tolerance).map(|(i, _)| i).collect();
    // A single point, or identical points: the centre is the input point itself, not a rounded sum.
    let center = if circle.r == 0.0 { points[0] } else { circle.c.add(origin) };
    Enclosing { center, radius: circle.r, points_on_circle, operations }
}

/// The seed article's O(n³) method (seed 001 §Ⅲ, `minCircleRadius`; see the module docs), which also returns
/// the centre of the largest triple circle. On ties (several triples give the largest radius, e.g. four
/// cocircular points) the first triple in lexicographic index order wins, as in the seed's `minR < r`.
/// `operations` = C(n, 3) circles (1 for n ≤ 2).
///
/// # Errors
/// [`CircleError::NoPoints`], [`CircleError::NotFinite`], [`CircleError::TooLarge`].
pub fn seed_method(points: &[Point]) -> Result<Enclosing, CircleError> {
    let (origin, q, _) = prepare(points)?;
    let n = q.len();
    if n <= 2 {
        let circle = if n == 1 { Circle { c: q[0], r: 0.0 } } else { diameter(q[0], q[1]) };
        return Ok(finish(points, &q, origin, circle, 1));
    }
    let (mut best_c, mut best_r2) = (q[0], -1.0);
    let mut operations = 0u64;
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let (c, r2) = seed_triple(q[i], q[j], q[k]);
                operations += 1;
                if best_r2 < r2 {
                    (best_c, best_r2) = (c, r2);
                }
            }
        }
    }
    Ok(finish(points, &q, origin, Circle { c: best_c, r: best_r2.sqrt() }, operations))
}

/// Welzl's randomised incremental algorithm (Welzl 1991, iterative form; see the module docs). `seed` fixes
/// the shuffle, so a run is reproducible; the circle does not depend on it (up to rounding), the operation
/// count does. `operations` = circles built + in-circle tests.
///
/// # Errors
/// [`CircleError::NoPoints`], [`CircleError::NotFinite`], [`CircleError::TooLarge`].
pub fn welzl(points: &[Point], seed: u64) -> Result<Enclosing, CircleError> {
    let (origin, q, spread) = prepare(points)?;
    let n = q.len();
    let mut order: Vec<usize> = (0..n).collect();
    let mut rng = Pcg32::seed_from_u64(seed);
    for i in (1..n).rev() {
        let j = below(&mut rng, i as u32 + 1) as usize;
        order.swap(i, j);
    }
    let p: Vec<Point> = order.iter().map(|&i| q[i]).collect();
    let slack = INSIDE_SLACK * spread;
    let mut tests = 0u64;
    let mut inside = |circle: &Circle, x: Point| {
        tests += 1;
        x.dist(circle.c) <= circle.r + INSIDE_SLACK * circle.r + slack
    };
    let mut built = 1u64;
    let mut circle = Circle { c: p[0], r: 0.0 };
    for i in 1..n {
        if inside(&circle, p[i]) {
            continue;
        }
        circle = Circle { c: p[i], r: 0.0 };
        built += 1;
        for j in 0..i {
            if inside(&circle, p[j]) {
                continue;
            }
            circle = diameter(p[i], p[j]);
            built += 1;
            for k in 0..j {
                if inside(&circle, p[k]) {
                    continue;
                }
                circle = circumcircle(p[i], p[j], p[k]).unwrap_or_else(|| widest_pair(p[i], p[j], p[k]));
                built += 1;
            }
        }
    }
    Ok(finish(points, &q, origin, circle, built + tests))
}

/// Runs `method` (`seed` is used by Welzl's shuffle only).
///
/// # Errors
/// As [`seed_method`] and [`welzl`].
pub fn enclose(points: &[Point], method: Method, seed: u64) -> Result<Enclosing, CircleError> {
    match method {
        Method::Seed => seed_method(points),
        Method::Welzl => welzl(points, seed),
    }
}

/// `n` points drawn uniformly from the square [0, 100) × [0, 100), coordinates rounded to 0.01 (so they print
/// and travel in a link exactly), from [`Pcg32`] seeded with `seed`: the page's "random points" and the bench's
/// inputs, identical natively and in wasm.
pub fn random_points(n: usize, seed: u64) -> Vec<Point> {
    let mut rng = Pcg32::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let x = f64::from(below(&mut rng, 10_000)) / 100.0;
            let y = f64::from(below(&mut rng, 10_000)) / 100.0;
            Point::new(x, y)
        })
        .collect()
}

/// A uniform integer in `[0, bound)` (Lemire's multiply-and-reject, no bias).
fn below(rng: &mut Pcg32, bound: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(bound);
    if (m as u32) < bound {
        let reject_below = bound.wrapping_neg() % bound;
        while (m as u32) < reject_below {
            m = u64::from(rng.next_u32()) * u64::from(bound);
        }
    }
    (m >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(v: &[(f64, f64)]) -> Vec<Point> {
        v.iter().map(|&(x, y)| Point::new(x, y)).collect()
    }

    /// (points, centre, radius, points on the circle).
    type Known = (Vec<Point>, (f64, f64), f64, Vec<usize>);

    /// Point sets with their circles, worked by hand.
    fn known() -> Vec<Known> {
        let s3 = 3f64.sqrt();
        vec![
            (pts(&[(3.0, 4.0)]), (3.0, 4.0), 0.0, vec![0]),
            (pts(&[(0.0, 0.0), (2.0, 0.0)]), (1.0, 0.0), 1.0, vec![0, 1]),
            // equilateral, side 2: circumradius 2/√3
            (pts(&[(0.0, 0.0), (2.0, 0.0), (1.0, s3)]), (1.0, s3 / 3.0), 2.0 / s3, vec![0, 1, 2]),
            // right triangle 3-4-5: the hypotenuse as diameter
            (pts(&[(0.0, 0.0), (4.0, 0.0), (0.0, 3.0)]), (2.0, 1.5), 2.5, vec![0, 1, 2]),
            // obtuse: the longest side as diameter, the third point inside
            (pts(&[(0.0, 0.0), (10.0, 0.0), (5.0, 1.0)]), (5.0, 0.0), 5.0, vec![0, 1]),
            // acute (0,0) (6,0) (3,4): centre (3, 7/8), radius 25/8
            (pts(&[(0.0, 0.0), (6.0, 0.0), (3.0, 4.0)]), (3.0, 0.875), 3.125, vec![0, 1, 2]),
            // square and its centre: four cocircular points
            (pts(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0), (1.0, 1.0)]), (1.0, 1.0), 2f64.sqrt(), vec![0, 1, 2, 3]),
            // collinear, unsorted
            (pts(&[(0.0, 0.0), (1.0, 0.0), (5.0, 0.0), (3.0, 0.0)]), (2.5, 0.0), 2.5, vec![0, 2]),
            // duplicates
            (pts(&[(1.0, 1.0), (1.0, 1.0), (3.0, 1.0), (1.0, 1.0)]), (2.0, 1.0), 1.0, vec![0, 1, 2, 3]),
            // all points equal
            (pts(&[(7.0, -2.0); 5]), (7.0, -2.0), 0.0, vec![0, 1, 2, 3, 4]),
            // lattice points of the circle x² + y² = 25, and one inside
            (
                pts(&[(5.0, 0.0), (1.0, 1.0), (0.0, 5.0), (-5.0, 0.0), (0.0, -5.0), (3.0, 4.0), (-4.0, 3.0), (4.0, -3.0)]),
                (0.0, 0.0),
                5.0,
                vec![0, 2, 3, 4, 5, 6, 7],
            ),
            // the equilateral triangle far from the origin
            (pts(&[(1e6, 1e6), (1e6 + 2.0, 1e6), (1e6 + 1.0, 1e6 + s3)]), (1e6 + 1.0, 1e6 + s3 / 3.0), 2.0 / s3, vec![0, 1, 2]),
        ]
    }

    #[test]
    fn known_sets_both_methods() {
        for (points, (cx, cy), r, on) in known() {
            for method in [Method::Seed, Method::Welzl] {
                for seed in [0, 1, 7] {
                    let e = enclose(&points, method, seed).unwrap();
                    let scale = 1f64.max(cx.abs()).max(cy.abs());
                    assert!((e.center.x - cx).abs() <= 1e-9 * scale, "{method:?} {points:?}: {e:?}");
                    assert!((e.center.y - cy).abs() <= 1e-9 * scale, "{method:?} {points:?}: {e:?}");
                    assert!((e.radius - r).abs() <= 1e-9 * r.max(1.0), "{method:?} {points:?}: {e:?}");
                    assert_eq!(e.points_on_circle, on, "{method:?} {points:?}");
                }
            }
        }
    }

    #[test]
    fn single_point_is_exact() {
        let p = [Point::new(0.1, 1e-300)];
        for m in [Method::Seed, Method::Welzl] {
            let e = enclose(&p, m, 0).unwrap();
            assert_eq!((e.center, e.radius, e.points_on_circle.clone()), (p[0], 0.0, vec![0]));
        }
    }

    #[test]
    fn operation_counts() {
        let pts = random_points(20, 3);
        assert_eq!(seed_method(&pts).unwrap().operations, 1140); // C(20, 3)
        assert_eq!(seed_method(&pts[..2]).unwrap().operations, 1);
        // Welzl: at least one test per point after the first, plus the first circle.
        let w = welzl(&pts, 3).unwrap();
        assert!(w.operations >= 20, "{w:?}");
    }

    #[test]
    fn errors() {
        assert_eq!(seed_method(&[]), Err(CircleError::NoPoints));
        assert_eq!(welzl(&[], 0), Err(CircleError::NoPoints));
        let e = welzl(&[Point::new(0.0, 0.0), Point::new(1.0, f64::NAN)], 0).unwrap_err();
        assert!(matches!(e, CircleError::NotFinite { index: 1, axis: 'y', .. }), "{e:?}");
        let e = seed_method(&[Point::new(f64::INFINITY, 0.0)]).unwrap_err();
        assert_eq!(e.to_string(), "point 0: x is inf, not a finite number");
        let e = seed_method(&[Point::new(0.0, -1e200)]).unwrap_err();
        assert!(matches!(e, CircleError::TooLarge { index: 0, axis: 'y', .. }), "{e:?}");
        assert!(Method::parse("quick").is_err());
        assert_eq!(Method::parse("welzl"), Ok(Method::Welzl));
    }

    /// A thin acute triangle and a nearly collinear triple never give a circle much larger than the points.
    #[test]
    fn near_collinear_triples_stay_small() {
        let sets = [
            pts(&[(0.0, 0.0), (1.0, 1e-13), (2.0, 0.0)]),
            pts(&[(0.0, 0.0), (1.0, 0.0), (0.5, 1e-9)]),
            pts(&[(0.0, 0.0), (1e-8, 1.0), (-1e-8, 2.0), (0.0, 3.0)]),
        ];
        for p in sets {
            for m in [Method::Seed, Method::Welzl] {
                let e = enclose(&p, m, 5).unwrap();
                assert!(e.radius <= 1.6, "{m:?} {p:?}: {e:?}");
                for q in &p {
                    assert!(q.dist(e.center) <= e.radius * (1.0 + 1e-9), "{m:?} {p:?}: {e:?}");
                }
            }
        }
    }

    /// Seeded property test: on 10⁴ random sets (1–12 points; half on a 5×5 integer grid, so repeated,
    /// collinear and cocircular points are common) both methods give the same radius to 1e-9 relative, the
    /// same centre, and a circle that covers every point.
    #[test]
    fn methods_agree_on_random_sets() {
        let mut rng = Pcg32::seed_from_u64(2026);
        for case in 0..10_000u32 {
            let n = 1 + below(&mut rng, 12) as usize;
            let grid = case % 2 == 0;
            let points: Vec<Point> = (0..n)
                .map(|_| {
                    if grid {
                        Point::new(f64::from(below(&mut rng, 5)), f64::from(below(&mut rng, 5)))
                    } else {
                        Point::new(f64::from(rng.next_u32()) / 4e7 - 50.0, f64::from(rng.next_u32()) / 4e7 - 50.0)
                    }
                })
                .collect();
            let a = seed_method(&points).unwrap();
            let b = welzl(&points, u64::from(case)).unwrap();
            let tol = 1e-9 * a.radius.max(1e-300);
            assert!((a.radius - b.radius).abs() <= tol, "case {case} {points:?}: {a:?} vs {b:?}");
            assert!(a.center.dist(b.center) <= 1e-7 * a.radius.max(1e-300), "case {case} {points:?}: {a:?} vs {b:?}");
            for e in [&a, &b] {
                for p in &points {
                    assert!(p.dist(e.center) <= e.radius * (1.0 + 1e-9) + 1e-12, "case {case} {points:?}: {e:?}");
                }
                assert!(!e.points_on_circle.is_empty());
            }
        }
    }

    #[test]
    fn random_points_are_reproducible() {
        let a = random_points(5, 9);
        assert_eq!(a, random_points(5, 9));
        assert_ne!(a, random_points(5, 10));
        assert!(a.iter().all(|p| (0.0..100.0).contains(&p.x) && (0.0..100.0).contains(&p.y)));
    }
}
