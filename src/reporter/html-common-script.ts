/**
 * Script shared by the report page and the comparison page, inlined into both: reading the
 * embedded data (see `page-data.ts`), formatting, the heatmap colour, and the run detail (verdict,
 * usage, error reason, milestones with the closest message of those not reached, minefields, the
 * tools the agent was shown, and the conversation with its world changes). Every element is
 * built with `textContent`, never `innerHTML`, so model text that contains markup stays text.
 * It is plain ES2017 so it runs in any current browser without a build step.
 */
export const HTML_COMMON_SCRIPT = `
  var VERDICTS = ['passed', 'failed', 'error']
  var CULPRITS = ['agent', 'domain', 'infrastructure']

  function element(tag, attributes, children) {
    var node = document.createElement(tag)
    for (var key in attributes || {}) {
      var value = attributes[key]
      if (value === undefined || value === null) continue
      if (key === 'text') node.textContent = value
      else if (key === 'className') node.className = value
      else if (key === 'style') node.style.cssText = value
      else node.setAttribute(key, value)
    }
    for (var index = 0; index < (children || []).length; index++) {
      var child = children[index]
      if (child !== null && child !== undefined) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child)
    }
    return node
  }
  function readJson(id) {
    var node = document.getElementById(id)
    return node === null ? null : JSON.parse(node.textContent)
  }
  // Deflated JSON in base64 (see packJson), unpacked by the browser's own DecompressionStream.
  function readPacked(id) {
    var node = document.getElementById(id)
    if (node === null) return Promise.resolve(null)
    var binary = atob(node.textContent.trim())
    var bytes = new Uint8Array(binary.length)
    for (var index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'))
    return new Response(stream).text().then(JSON.parse)
  }
  // Thousandths as the page shows scores.
  function milli(value) { return value === null || value === undefined || value < 0 ? '-' : (value / 1000).toFixed(3) }
  function fixed(value) { return value === null || value === undefined ? '-' : Number(value).toFixed(3) }
  function interval(range) { return range ? fixed(range[0]) + '-' + fixed(range[1]) : '-' }
  function tokens(count) {
    if (count < 1000) return String(count)
    if (count < 1000000) return (count / 1000).toFixed(count < 10000 ? 2 : 1) + 'k'
    return (count / 1000000).toFixed(2) + 'M'
  }
  function cost(usd) { return usd === undefined || usd === null || usd < 0 ? '-' : usd < 1 ? '$' + usd.toFixed(4) : '$' + usd.toFixed(2) }
  function plural(count, noun) { return count + ' ' + noun + (count === 1 ? '' : 's') }
  // Red at 0 through yellow to green at 1, light enough to read black text on.
  function heat(value) {
    if (value === null || value === undefined) return ''
    var hue = Math.round(Math.max(0, Math.min(1, value)) * 120)
    return 'background: hsl(' + hue + ', 70%, 82%)'
  }
  function headerRow(titles) { return element('tr', {}, titles.map(function (title) { return element('th', { text: title }) })) }

  // One report's embedded data: the index at once, the details on first use. Columns that hold
  // one value for every run are embedded as { value } and spread out here.
  function spread(columns, count) {
    for (var name in columns) {
      var column = columns[name]
      if (!Array.isArray(column)) columns[name] = new Array(count).fill(column.value)
    }
    return columns
  }
  function reportSide(indexId, detailsId) {
    var index = readJson(indexId)
    var details = null
    var strings = index.strings
    var runs = spread(index.runs, index.runCount)
    var side = {
      index: index,
      count: index.runCount,
      text: function (id) { return id < 0 ? '' : strings[id] },
      list: function (id) { return index.lists[id].map(function (item) { return strings[item] }) },
      // The details are unpacked on first use, once.
      details: function () {
        if (details === null) details = readPacked(detailsId)
        return details
      },
      run: function (i) {
        return {
          position: i,
          scenario: strings[runs.scenario[i]],
          test: strings[runs.test[i]],
          file: strings[runs.file[i]],
          augmentation: strings[runs.augmentation[i]],
          columns: side.list(runs.columns[i]),
          categories: side.list(runs.categories[i]),
          trial: runs.trial[i],
          agent: strings[runs.agent[i]],
          user: strings[runs.user[i]],
          domain: strings[runs.domain[i]],
          status: strings[runs.status[i]],
          verdict: VERDICTS[runs.verdict[i]],
          testPassed: runs.testPassed[i] === 1,
          score: runs.score[i],
          milestoneScore: runs.milestoneScore[i],
          threshold: runs.threshold[i],
          minefieldHit: runs.minefieldHit[i],
          turns: runs.turns[i],
          calls: runs.calls[i],
          promptTokens: runs.promptTokens[i],
          completionTokens: runs.completionTokens[i],
          cost: runs.cost[i],
          errorKind: side.text(runs.errorKind[i]),
          culprit: runs.culprit ? CULPRITS[runs.culprit[i]] || '' : '',
          errorMessage: side.text(runs.errorMessage[i]),
        }
      },
    }
    return side
  }

  function matchRows(detailStrings, matches, kind) {
    return matches.map(function (match) {
      var text = function (id) { return id < 0 ? '' : detailStrings[id] }
      var reached = kind === 'milestone' ? match[3] >= 1000 : match[3] > 0
      var status, where, similarity, reason
      if (kind === 'milestone' && !reached) {
        status = 'not reached'
        var hasBest = match.length > 5
        where = hasBest ? 'closest: ' + match[5] : 'none close'
        similarity = hasBest ? milli(match[6]) : milli(match[3])
        reason = hasBest ? text(match[7]) : text(match[4])
      } else {
        status = kind === 'milestone' ? 'reached' : reached ? 'fired' : 'clear'
        where = match[2] < 0 ? '-' : String(match[2])
        similarity = milli(match[3])
        reason = text(match[4])
      }
      return element('tr', { 'data-index': String(match[0]), className: kind + '-' + status.replace(' ', '-') }, [
        element('td', { className: 'number', text: String(match[0]) }),
        element('td', { text: text(match[1]) }),
        element('td', { className: 'status', text: status }),
        element('td', { className: 'number where', text: where }),
        element('td', { className: 'number', text: similarity }),
        element('td', { text: reason }),
      ])
    })
  }
  function matchTable(detailStrings, matches, kind) {
    if (matches.length === 0) return element('p', { className: 'muted', text: 'no ' + kind + 's' })
    return element('table', { className: kind + '-mapping' }, [
      element('thead', {}, [headerRow(['#', 'name', kind === 'milestone' ? 'reached?' : 'fired?', 'message', 'similarity', 'why'])]),
      element('tbody', {}, matchRows(detailStrings, matches, kind)),
    ])
  }

  function json(text) {
    try { return JSON.stringify(JSON.parse(text), null, 2) } catch (error) { return text }
  }

  // The detail of run i of a side, as an element (a promise of one: the details unpack on first use).
  function renderRunDetail(side, i) {
    return side.details().then(function (details) { return runDetail(side, details, i) })
  }
  function runDetail(side, details, i) {
    var run = side.run(i)
    var strings = details.strings
    var text = function (id) { return id < 0 ? '' : strings[id] }
    var list = function (id, table) { return id < 0 ? null : details.lists[id].map(function (item) { return table[item] }) }
    var detail = details.runs[i]
    var root = element('div', { className: 'run-detail', 'data-run': String(i) })
    root.appendChild(element('h2', { text: run.scenario + ' (' + run.augmentation + ', trial ' + run.trial + ')' }))
    root.appendChild(element('p', {}, [
      element('span', { className: 'verdict verdict-' + run.verdict, text: run.verdict }),
      run.verdict === 'error'
        ? (run.culprit === 'domain' ? " not scored: a tool of the domain broke (a bug in the domain, not the agent's failure)" : ' not scored: the run ended in an infrastructure error')
        : ' score ' + milli(run.score) + ' (needs ' + milli(run.threshold) + '), milestones ' + milli(run.milestoneScore) + ', minefields ' + (run.minefieldHit === 1 ? 'hit' : 'avoided') + (run.culprit === 'agent' ? "; the agent's own code broke, so the run scores 0" : ''),
      element('br'),
      'test ' + (run.testPassed ? 'passed' : 'failed') + ': ' + run.file + ' > ' + run.test,
      element('br'),
      'agent ' + run.agent + ', user ' + run.user + ', domain ' + run.domain + ', ' + plural(run.turns, 'turn') + ', status ' + run.status + ', categories ' + run.categories.join(', '),
    ]))
    root.appendChild(element('p', { className: 'usage' }, [
      'usage: ' + plural(run.calls, 'model call') + ', ' + tokens(run.promptTokens) + ' prompt + ' + tokens(run.completionTokens) + ' completion tokens, cost ' + cost(run.cost),
    ]))
    if (run.errorKind) root.appendChild(element('pre', { className: 'error-reason', 'data-culprit': run.culprit || 'infrastructure', text: (run.culprit || 'infrastructure') + ' error (' + run.errorKind + '): ' + run.errorMessage }))
    var errorDetails = detail.length > 5 && detail[5] >= 0 ? JSON.parse(text(detail[5])) : null
    if (errorDetails) {
      var lines = []
      if (errorDetails.tool !== undefined) lines.push('tool: ' + errorDetails.tool)
      if (errorDetails.arguments !== undefined) lines.push('arguments: ' + JSON.stringify(errorDetails.arguments))
      if (errorDetails.returned !== undefined) lines.push('returned: ' + errorDetails.returned)
      if (errorDetails.stack !== undefined) lines.push((lines.length > 0 ? '\\n' : '') + errorDetails.stack)
      root.appendChild(element('pre', { className: 'error-details', text: lines.join('\\n') }))
    }
    var milestones = list(detail[0], details.matches)
    var minefields = list(detail[1], details.matches)
    root.appendChild(element('h3', { text: 'Milestones' }))
    root.appendChild(matchTable(strings, milestones, 'milestone'))
    root.appendChild(element('h3', { text: 'Minefields' }))
    root.appendChild(matchTable(strings, minefields, 'minefield'))
    var tools = list(detail[3], details.tools)
    root.appendChild(element('h3', { text: 'Tools shown to the agent' }))
    if (!tools) root.appendChild(element('p', { className: 'muted', text: 'not recorded for this run' }))
    else root.appendChild(element('table', { className: 'tools-shown' }, [
      element('thead', {}, [headerRow(['shown as', 'tool', 'changed'])]),
      element('tbody', {}, tools.map(function (tool) {
        var changes = tool[3].map(text)
        return element('tr', { className: changes.length > 0 ? 'changed' : '' }, [
          element('td', {}, [element('code', { text: text(tool[0]) })]),
          element('td', { text: text(tool[1]) }),
          element('td', { text: changes.join('; ') }),
        ])
      })),
    ]))
    root.appendChild(element('h3', { text: 'Conversation' }))
    var messages = list(detail[2], details.messages)
    if (!messages) {
      root.appendChild(element('p', { className: 'muted', text: side.noTranscript || 'no transcript was attached to this run' }))
      return root
    }
    messages.forEach(function (message) {
      var index = message[0]
      var badges = []
      milestones.forEach(function (match) {
        var name = match[1] < 0 ? '' : ' ' + text(match[1])
        // Only a reached milestone marks its message; a missed one marks its closest message, if any.
        if (match[3] >= 1000 && match[2] === index) badges.push(element('span', { className: 'badge milestone', text: 'milestone ' + match[0] + name }))
        else if (match[3] < 1000 && match.length > 5 && match[5] === index) badges.push(element('span', { className: 'badge closest', text: 'closest to milestone ' + match[0] + name + ' (' + milli(match[6]) + ')' }))
      })
      minefields.forEach(function (match) {
        if (match[2] === index && match[3] > 0) badges.push(element('span', { className: 'badge minefield', text: 'minefield ' + match[0] + (match[1] < 0 ? '' : ' ' + text(match[1])) + ' fired' }))
      })
      var sender = text(message[1])
      var children = [element('div', { className: 'head' }, [element('span', { text: '#' + index + ' ' + sender + ' \\u2192 ' + text(message[2]) })].concat(badges))]
      var content = text(message[3])
      if (content) children.push(element('div', { className: 'content', text: content }))
      message[4].forEach(function (call) { children.push(element('pre', { className: 'tool-call', text: 'call ' + text(call[0]) + ' ' + json(text(call[1])) })) })
      var result = message[5]
      if (result) {
        var outcome = result[3] >= 0 ? ' failed (' + text(result[3]) + '): ' + text(result[4]) : ' returned ' + json(result[2] < 0 ? 'null' : text(result[2]))
        children.push(element('pre', { className: 'tool-result', text: text(result[0]) + outcome }))
      }
      if (message[6].length > 0) children.push(element('div', { className: 'changes' }, message[6].map(function (line) { return element('div', { text: text(line) }) })))
      root.appendChild(element('div', { className: 'message sender-' + sender, 'data-message': String(index) }, children))
    })
    return root
  }
`
