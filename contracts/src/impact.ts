import { z } from 'zod';
import { PackageStateSchema } from './packages';

/**
 * How meals become CO2e. A wasted kilogram of food carries about 2.5 kg CO2e over its
 * life (FAO, Food Wastage Footprint, 2013: 3.3 Gt CO2e for the 1.3 Gt of food lost or wasted each
 * year), and we take a meal as 0.4 kg of cooked food (a plate of rice, dal and sabzi; WRAP uses
 * 420 g per meal). So each meal distributed instead of thrown away avoids about 1 kg CO2e.
 */
export const CO2E_FACTOR = {
  kgCo2ePerKgFood: 2.5,
  kgFoodPerMeal: 0.4,
  source: 'FAO (2013), Food Wastage Footprint: Impacts on Natural Resources, summary report',
  sourceUrl: 'https://www.fao.org/3/i3347e/i3347e.pdf',
} as const;

const StateFigureSchema = z.object({
  state: PackageStateSchema,
  packages: z.number(),
  meals: z.number(),
});

const WeekFigureSchema = z.object({
  /** The Monday (India time) the week starts, YYYY-MM-DD. */
  week: z.string(),
  mealsDonated: z.number(),
  mealsDistributed: z.number(),
});

const CityFigureSchema = z.object({
  city: z.string(),
  mealsDistributed: z.number(),
  packagesDistributed: z.number(),
});

/** GET /api/impact: what AlmQuest has done so far, for everyone to see. */
export const ImpactSchema = z.object({
  /**
   * Meals in every package donated (withdrawn packages are gone; cancelled and expired ones are
   * not counted; meals disposed of as unfit are counted apart, in mealsDisposed).
   */
  mealsDonated: z.number(),
  /** Meals handed out to people (packages Distributed, less meals disposed of as unfit). */
  mealsDistributed: z.number(),
  /** Meals distributed from donors whose FSSAI licence a coordinator checked (decision 042). */
  mealsFromLicensedSources: z.number(),
  /** Meals distributors recorded as unfit and disposed of. */
  mealsDisposed: z.number(),
  /** Packages handed out to people (state Distributed). */
  packagesDistributed: z.number(),
  /** People served, as distributors recorded them when marking packages Distributed. */
  peopleServed: z.number(),
  /** Distributors who are registered, active and not suspended now. */
  activeDistributors: z.number(),
  /** Districts with at least one package distributed. */
  citiesReached: z.number(),
  /** Every package there is, by the state it is in now. */
  packagesByState: z.array(StateFigureSchema),
  /** The last 12 weeks, oldest first, this week last: meals by the week they were donated. */
  weeks: z.array(WeekFigureSchema),
  /** The ten districts with the most meals distributed. */
  topCities: z.array(CityFigureSchema),
  co2e: z.object({
    /** Meals distributed × kg of food per meal × kg CO2e per kg of food. */
    kgAvoided: z.number(),
    kgCo2ePerKgFood: z.number(),
    kgFoodPerMeal: z.number(),
    source: z.string(),
    sourceUrl: z.string(),
  }),
  /** When these figures were counted (they are cached for a minute). */
  countedAt: z.string(),
});
export type Impact = z.infer<typeof ImpactSchema>;

/** GET /api/:userType/:id/impact: one person's own figures, for their profile. */
export const PersonalImpactSchema = z.object({
  meals: z.number(),
  mealsDistributed: z.number(),
  packagesByState: z.array(StateFigureSchema),
  /** The last 12 months, oldest first: meals in this person's packages by month donated. */
  months: z.array(z.object({ month: z.string(), meals: z.number() })),
  kgCo2eAvoided: z.number(),
});
export type PersonalImpact = z.infer<typeof PersonalImpactSchema>;
