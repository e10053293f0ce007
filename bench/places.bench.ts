import { ensureGazetteer } from '../server/src/modules/places/gazetteer';
import { searchPlaces } from '../server/src/modules/places/places.service';
import { type Benchmark, engines, round, stats, time } from './lib';

const WORDS = [
  'Connaught Place',
  'Lucknow',
  'Bengaluru',
  'Andheri',
  'Thiruvananthapuram',
  'Ghaziabad',
  'Varanasi',
  'Koramangala',
  'Salt Lake',
  'Madurai',
  'Lakhnau',
  'Bombay',
];

/** 5. Place search: every prefix a person types, over the full gazetteer. */
export const placesBench: Benchmark = {
  name: 'places',
  description: 'p50/p99 of place search for typed prefixes over the full gazetteer',
  async run(report) {
    for (const engine of engines()) {
      const { database, drop } = await engine.open();
      try {
        const [loadMs] = await time(() => ensureGazetteer(database.db));
        const samples: number[] = [];
        for (let round_ = 0; round_ < 3; round_++) {
          for (const word of WORDS) {
            for (let n = 2; n <= word.length; n++) {
              const [took] = await time(() => searchPlaces(database.db, word.slice(0, n), 8));
              samples.push(took);
            }
          }
        }
        const s = stats(samples);
        report({
          benchmark: 'places',
          engine: engine.name,
          case: `${samples.length} typed prefixes`,
          metrics: {
            'p50 ms': round(s.p50),
            'p99 ms': round(s.p99),
            'first load s': round(loadMs / 1000, 1),
          },
          target: 'p99 < 20 ms',
          isTargetMet: s.p99 < 20,
        });
      } finally {
        await drop();
      }
    }
  },
};
