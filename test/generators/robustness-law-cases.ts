import { builtInScenarios } from '../../scenarios/index.ts'
import { deviceDomain } from '../../scenarios/toolsandbox/domain/index.ts'
import { ledger, paySam } from '../augmentation/ledger-domain.ts'
import type { RobustnessLawCase } from './robustness-laws.ts'

/** A scenario of a domain made with `defineDomain` here, and one of the built-in corpus (a search, then a change). */
export const robustnessLawCases: readonly RobustnessLawCase[] = [
  { scenario: paySam, domain: ledger },
  { scenario: builtInScenarios({ id: 'remove-contact-sam' })[0] as RobustnessLawCase['scenario'], domain: deviceDomain },
]
