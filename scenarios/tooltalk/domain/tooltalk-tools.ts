import { accountTools } from './account-tools.ts'
import { alarmTools } from './alarm-tools.ts'
import { calendarTools } from './calendar-tools.ts'
import { emailTools } from './email-tools.ts'
import { messagesTools } from './messages-tools.ts'
import { reminderTools } from './reminder-tools.ts'
import type { ToolTalkPlugin, ToolTalkTool } from './tooltalk-tool.ts'
import { weatherTools } from './weather-tools.ts'

/** ToolTalk's seven plugins and their tools, in ToolTalk's order. */
export const TOOLTALK_PLUGINS: Readonly<Record<ToolTalkPlugin, readonly ToolTalkTool[]>> = {
  AccountTools: accountTools,
  Alarm: alarmTools,
  Calendar: calendarTools,
  Email: emailTools,
  Messages: messagesTools,
  Reminder: reminderTools,
  Weather: weatherTools,
}

/** All 28 ToolTalk tools. */
export const toolTalkTools: readonly ToolTalkTool[] = Object.values(TOOLTALK_PLUGINS).flat()

const BY_NAME = new Map(toolTalkTools.map((tool) => [tool.name, tool]))

/** A ToolTalk tool by its name (`AddAlarm`), or undefined. */
export function toolTalkTool(name: string): ToolTalkTool | undefined {
  return BY_NAME.get(name)
}
