import type { PythonRandom } from './python-random.ts'

/**
 * The ids and tokens ToolTalk's tools make, each drawn from the tool's own `Random(489)` in the
 * order given (the order decides the value, so it must not change).
 */
function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0')
}

/** A session token: 8, 4 and 4 hex digits (UserLogin, RegisterUser). */
export function sessionToken(random: PythonRandom): string {
  const first = random.randint(0, 0xffffffff)
  const second = random.randint(0, 0xffff)
  const third = random.randint(0, 0xffff)
  return `${hex(first, 8)}-${hex(second, 4)}-${hex(third, 4)}`
}

/** A six-digit verification code (SendVerificationCode). */
export function verificationCode(random: PythonRandom): string {
  return String(random.randint(0, 999999)).padStart(6, '0')
}

/** An alarm id: 4 and 4 hex digits (AddAlarm). */
export function alarmId(random: PythonRandom): string {
  const first = random.randint(0, 0xffff)
  return `${hex(first, 4)}-${hex(random.randint(0, 0xffff), 4)}`
}

/** An event id: 8 and 4 hex digits (CreateEvent). */
export function eventId(random: PythonRandom): string {
  const first = random.randint(0, 0xffffffff)
  return `${hex(first, 8)}-${hex(random.randint(0, 0xffff), 4)}`
}

/** An e-mail id: 2, 4 and 8 hex digits (SendEmail). */
export function emailId(random: PythonRandom): string {
  const first = random.randint(0, 0xff)
  const second = random.randint(0, 0xffff)
  return `${hex(first, 2)}-${hex(second, 4)}-${hex(random.randint(0, 0xffffffff), 8)}`
}

/** A message id: 8 and 8 hex digits (SendMessage). */
export function messageId(random: PythonRandom): string {
  const first = random.randint(0, 0xffffffff)
  return `${hex(first, 8)}-${hex(random.randint(0, 0xffffffff), 8)}`
}

/** A reminder id: 2 and 4 hex digits (AddReminder). */
export function reminderId(random: PythonRandom): string {
  const first = random.randint(0, 0xff)
  return `${hex(first, 2)}-${hex(random.randint(0, 0xffff), 4)}`
}
