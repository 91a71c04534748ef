//! Move generation, self-play, splits and the solver on fixed seeded sets.
//! Run: `cargo bench -p ddz-engine --bench engine`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

use engine::agents::RandomPlayer;
use engine::clock::Deadline;
use engine::{follow_plays, lead_plays, Cards, Deal, Game, Move, Play, Player};

const DEALS: u64 = 1000;

fn hands() -> Vec<Cards> {
    (0..DEALS).flat_map(|s| Deal::from_seed(s).hands()).collect()
}

/// One (hand, play to beat) pair per hand: a play of the next seat's hand,
/// picked by a fixed stride so every kind shows up.
fn follow_cases(hands: &[Cards]) -> Vec<(Cards, Play)> {
    hands
        .iter()
        .enumerate()
        .map(|(i, &hand)| {
            let other = hands[if i % 3 == 2 { i - 2 } else { i + 1 }];
            let mut leads: Vec<Play> = Vec::new();
            lead_plays(other, &mut leads);
            (hand, leads[(i * 7919) % leads.len()])
        })
        .collect()
}

fn generation(c: &mut Criterion) {
    let hands = hands();
    let mut buf: Vec<Play> = Vec::with_capacity(4096);
    let total: usize = hands
        .iter()
        .map(|&h| {
            let mut n = 0usize;
            lead_plays(h, &mut n);
            n
        })
        .sum();
    let mut group = c.benchmark_group("lead");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function(BenchmarkId::new("plays", format!("{} hands", hands.len())), |b| {
        b.iter(|| {
            let mut n = 0;
            for &h in &hands {
                buf.clear();
                lead_plays(black_box(h), &mut buf);
                n += buf.len();
            }
            n
        })
    });
    group.finish();

    let cases = follow_cases(&hands);
    let total: usize = cases
        .iter()
        .map(|&(h, t)| {
            let mut n = 0usize;
            follow_plays(h, t, &mut n);
            n
        })
        .sum();
    let mut group = c.benchmark_group("follow");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function(
        BenchmarkId::new("calls", format!("{} cases, {} plays", cases.len(), total)),
        |b| {
            b.iter(|| {
                let mut n = 0;
                for &(h, t) in &cases {
                    buf.clear();
                    follow_plays(black_box(h), black_box(t), &mut buf);
                    n += buf.len();
                }
                n
            })
        },
    );
    group.finish();
}

fn self_play(c: &mut Criterion) {
    let deals: Vec<Deal> = (0..DEALS).map(Deal::from_seed).collect();
    let mut players = [RandomPlayer::new(1), RandomPlayer::new(2), RandomPlayer::new(3)];
    let mut group = c.benchmark_group("self_play");
    group.throughput(Throughput::Elements(1));
    let mut next = 0;
    group.bench_function("random_deal", |b| {
        b.iter(|| {
            let mut game = Game::new(&deals[next % deals.len()]);
            next += 1;
            while !game.is_over() {
                let seat = game.to_move();
                let mv: Move = players[seat.index()].choose(&game.view(seat), &Deadline::NONE);
                let _ = game.apply(mv);
            }
            game.outcome()
        })
    });
    group.finish();
}

fn splits(c: &mut Criterion) {
    let hands: Vec<Cards> = (0..DEALS)
        .map(|s| Deal::from_seed(s).hand(engine::Seat::Landlord))
        .collect();
    let mut splitter = engine::Splitter::new();
    let mut group = c.benchmark_group("split");
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("exact_best/20-card hands", |b| {
        b.iter(|| {
            hands
                .iter()
                .map(|&h| splitter.best(black_box(h)).play_count())
                .sum::<u32>()
        })
    });
    group.bench_function("exact_min_plays/20-card hands", |b| {
        b.iter(|| hands.iter().map(|&h| splitter.min_plays(black_box(h))).sum::<u32>())
    });
    group.bench_function("baseline/20-card hands", |b| {
        b.iter(|| {
            hands
                .iter()
                .map(|&h| engine::split::baseline(black_box(h)).play_count())
                .sum::<u32>()
        })
    });
    group.finish();
}

/// Exact solves of `ddz solve-bench`'s positions, each with a fresh solver.
fn solver(c: &mut Criterion) {
    use engine::clock::MonotonicClock;
    use engine::solver::{bench::random_endgame, SolveOptions, Solver};
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    for size in [12, 14] {
        let positions: Vec<_> = (0..10).filter_map(|s| random_endgame(s, size, size)).collect();
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("proof/{size}+{size}, 10 positions"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|p| {
                        let options = SolveOptions {
                            table_bytes: 16 << 20,
                            ..SolveOptions::exhaustive()
                        };
                        Solver::new(options.table_bytes)
                            .solve(black_box(p), &options, &MonotonicClock::default())
                            .nodes
                    })
                    .sum::<u64>()
            })
        });
    }
    group.finish();
}

/// DIH, exactly, at the size: 108 players, 18 rounds, top 10.
fn dih(c: &mut Criterion) {
    use engine::lab::dih::{dih, Distribution};
    let d = Distribution::parse("-3:0.05,-2:0.15,-1:0.25,1:0.3,2:0.17,3:0.08").unwrap_or_else(|e| panic!("{e}"));
    c.bench_function("dih/n=108,m=18,r=10", |b| b.iter(|| dih(black_box(&d), 108, 18, 10)));
}

criterion_group!(benches, generation, self_play, splits, solver, dih);
criterion_main!(benches);
