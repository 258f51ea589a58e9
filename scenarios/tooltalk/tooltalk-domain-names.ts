/** The name scenarios give ToolTalk's domain (`"domain": "tooltalk"`). */
export const TOOLTALK_DOMAIN = 'tooltalk'

/**
 * The table that holds ToolTalk's executor session: one row `{ token }` while a user is logged in,
 * none otherwise. ToolTalk keeps it in its executor; a run keeps it in the world, so that it lives
 * in every snapshot and every order of parallel calls starts from the same session.
 */
export const SESSION_TABLE = 'session'

/**
 * The table that says how far each tool's `Random(489)` has gone: `{ tool, draws }`, the number of
 * 32-bit outputs drawn, which with the seed is the generator's whole state. Ids keep continuing
 * through a run, as in ToolTalk's evaluation, where each turn replays the earlier calls.
 */
export const RANDOM_TABLE = 'random_draws'
