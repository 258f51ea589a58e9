import { serverAddress } from '../../cache/index.ts'

/** The parts of a provider's model configuration that say where it sends requests. */
interface ModelConfig {
  readonly url?: unknown
  readonly baseURL?: unknown
  readonly baseUrl?: unknown
}

/**
 * The server an AI SDK language model calls (`serverAddress`: credentials and secret query
 * parameters removed), read from its provider's configuration: the `url` function the OpenAI and
 * OpenAI-compatible providers (and most others) build request URLs with, or a `baseURL`. The
 * providers keep that configuration on the model as `config`. Undefined when the model says
 * nothing of a server (an in-process model, a provider that hides it).
 */
export function aiSdkServer(model: object): string | undefined {
  const config = (model as { config?: unknown }).config
  if (config === null || typeof config !== 'object') return undefined
  const { url, baseURL, baseUrl } = config as ModelConfig
  const modelId = (model as { modelId?: unknown }).modelId
  const candidates: (() => unknown)[] = [() => (typeof url === 'function' ? url({ path: '', modelId }) : undefined), () => baseURL, () => (typeof baseUrl === 'function' ? baseUrl() : baseUrl)]
  for (const candidate of candidates) {
    let value: unknown
    try {
      value = candidate()
    } catch {
      continue
    }
    if (typeof value === 'string' && /^https?:\/\//.test(value)) return serverAddress(value)
  }
  return undefined
}
