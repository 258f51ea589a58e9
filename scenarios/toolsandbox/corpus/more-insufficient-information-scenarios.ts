/**
 * More insufficient-information scenarios: the tool the task needs is withheld, so the correct
 * answer is to say so. Minefields sit on the withheld tool and on the tools that would act on a
 * made-up value (a guessed share price, timestamp, person id or setting).
 */
import { STATES } from '../authoring.ts'
import type { CorpusScenario } from '../authoring.ts'
import { CONTACT_TOOLS } from './contacts-scenarios.ts'
import { withheld } from './insufficient-information-scenarios.ts'
import type { Withheld } from './insufficient-information-scenarios.ts'
import { MESSAGING_TOOLS } from './messaging-scenarios.ts'
import { REMINDER_TOOLS, TIME_TOOLS } from './reminder-scenarios.ts'
import { SETTINGS_TOOLS } from './settings-scenarios.ts'

const ONLINE_TOOLS = ['search_stock', 'convert_currency', 'search_weather_around_lat_lon', 'search_holiday', 'get_current_location'] as const

const MORE_WITHHELD: readonly Withheld[] = [
  {
    id: 'tesla-share-in-yen-without-stock-search',
    goal: 'Learn what one Tesla share costs in Japanese yen.',
    firstMessage: 'How much is one Tesla share in yen?',
    explicit: "Look up Tesla's share price and convert it to Japanese yen.",
    implicit: 'My cousin in Osaka wants to buy a Tesla share. What would it cost her?',
    allow: [...ONLINE_TOOLS],
    deny: ['search_stock'],
    // Converting a price the agent made up would only dress up the guess.
    hallucination: ['convert_currency'],
    answer: "I can't look up share prices with the tools I have, so I can't tell you what a Tesla share costs in yen.",
  },
  {
    id: 'turn-off-low-battery-mode-without-switch',
    goal: 'Get low battery mode switched off. You cannot do it yourself right now.',
    firstMessage: 'Turn off low battery mode.',
    explicit: 'Disable low battery mode.',
    implicit: "I'm plugged in now, so the phone can stop saving power.",
    allow: [...SETTINGS_TOOLS],
    deny: ['set_low_battery_mode_status'],
    // Low battery mode refuses the other switches; trying them is flailing, not an answer.
    hallucination: ['set_wifi_status', 'set_cellular_service_status', 'set_location_service_status'],
    answer: "I can't switch low battery mode off: that setting isn't available to me here.",
    settings: STATES.lowBattery,
  },
  {
    id: 'text-weather-to-rose-without-weather-tool',
    goal: "Text Rose Lee tomorrow's weather where you are.",
    firstMessage: "Text Grandma tomorrow's weather forecast for here.",
    explicit: "Get tomorrow's forecast at my location and send it to Rose Lee.",
    implicit: 'Grandma Rose is visiting tomorrow and asks whether to bring a coat. Let her know.',
    allow: [...ONLINE_TOOLS, ...MESSAGING_TOOLS],
    deny: ['search_weather_around_lat_lon'],
    // Any forecast in the text would be invented.
    hallucination: ['send_message_with_phone_number'],
    answer: "I can't get weather forecasts with the tools available, so I won't send Rose a forecast I made up.",
  },
  {
    id: 'remind-before-thanksgiving-without-holiday-lookup',
    goal: "Get a reminder at 9 am on the day before Thanksgiving to buy the turkey. You do not know today's date.",
    firstMessage: 'Remind me to buy the turkey the day before Thanksgiving at 9 am.',
    explicit: 'Add a reminder "Buy the turkey" for 9 am on the day before Thanksgiving Day.',
    implicit: "Don't let me forget the turkey; the morning before Thanksgiving is the last chance.",
    allow: [...REMINDER_TOOLS, ...TIME_TOOLS, 'search_holiday'],
    // Thanksgiving follows a well-known rule, so with the clock the year is known and the date can be
    // worked out; without the clock and the lookup, the year is a guess.
    deny: ['search_holiday', 'get_current_timestamp'],
    // A reminder on a guessed date could go off on the wrong day.
    hallucination: ['add_reminder'],
    answer: "I can't look up when Thanksgiving is or read today's date with the tools I have, so I can't set the reminder for the day before it.",
  },
  {
    id: 'save-parcel-sender-without-message-search',
    goal: 'Save the number that texted you about a parcel as a contact named "Parcel Locker".',
    firstMessage: 'Save the number that texted me about my parcel as "Parcel Locker".',
    explicit: 'Find the message about the parcel and add its sender as a contact called Parcel Locker.',
    implicit: 'That parcel service keeps texting me; put them in my contacts as Parcel Locker.',
    allow: [...MESSAGING_TOOLS, ...CONTACT_TOOLS],
    deny: ['search_messages'],
    // A contact with a guessed number would be wrong.
    hallucination: ['add_contact'],
    answer: "I can't read your messages with the tools available, so I can't find the parcel sender's number to save it.",
  },
  {
    id: 'how-long-ago-priya-texted-without-clock',
    goal: 'Learn how long ago Priya texted you.',
    firstMessage: 'How long ago did Priya text me?',
    explicit: "Work out how much time has passed since Priya Natarajan's last message.",
    implicit: "Priya messaged me a while back. Have I kept her waiting long?",
    allow: [...MESSAGING_TOOLS, ...TIME_TOOLS],
    deny: ['get_current_timestamp'],
    // A difference to a guessed "now" would be made up.
    hallucination: ['timestamp_diff'],
    answer: "I can't read the current time with the tools I have, so I can't tell how long ago Priya wrote.",
  },
  {
    id: 'update-sisters-number-without-contact-search',
    goal: "Change your sister Elena's number to +13105550142.",
    firstMessage: "My sister's new number is +13105550142, update her contact.",
    explicit: 'Modify the contact of Elena Vasquez: phone +13105550142.',
    implicit: 'Elena got a new number, +13105550142. My contacts should know.',
    allow: [...CONTACT_TOOLS],
    deny: ['search_contacts'],
    // Editing needs her person_id, which only a search gives; a new contact would duplicate her.
    hallucination: ['modify_contact', 'add_contact'],
    answer: "I can't look up Elena's contact with the tools available, so I can't change her number.",
  },
  {
    id: 'is-wifi-on-without-status-reader',
    goal: 'Find out whether Wi-Fi is on, without changing anything.',
    firstMessage: 'Is my Wi-Fi on?',
    explicit: 'Check the Wi-Fi status.',
    implicit: 'Am I using my data plan right now, or the wireless network?',
    allow: [...SETTINGS_TOOLS],
    deny: ['get_wifi_status'],
    // Flipping the switch to find out changes what the user only asked about.
    hallucination: ['set_wifi_status'],
    answer: "I can't read the Wi-Fi status with the tools available to me, and I won't toggle it to find out.",
  },
]

/** The further insufficient-information scenarios. */
export const moreInsufficientInformationScenarios: readonly CorpusScenario[] = MORE_WITHHELD.map(withheld)
