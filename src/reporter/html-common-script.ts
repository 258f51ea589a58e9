/**
 * Script shared by the report page and the comparison page, inlined into both: reading the
 * embedded data (see `page-data.ts`), formatting, the heatmap colour, and the run detail (verdict,
 * usage, the error with every field it carries, a robustness run's attacks (attempted, succeeded) and false claims,
 * milestones with what each expected and the closest message of those not reached, minefields,
 * the tools the agent was shown, and the conversation with its world changes, rows named by key
 * and display column, and the calls the agent's framework ran outside the world marked as such). Every element is
 * built with `textContent`, never `innerHTML`, so model text that contains markup stays text.
 * It is plain ES2017 so it runs in any current browser without a build step.
 */
export const HTML_COMMON_SCRIPT = `
  var VERDICTS = ['passed', 'failed', 'error']
  var CULPRITS = ['agent', 'domain', 'infrastructure', 'user']

  // A windowed list draws only the rows in view, and ten beyond each edge, so a list of any
  // length costs what a screenful does. Its rows have one height: row i is at i * rowHeight.
  // The rows from the first to before the last that the viewport shows of \`count\`.
  // A viewport whose height follows its rows (a max-height) is short before they are drawn, so
  // it counts as tall as the window at least.
  function windowRange(viewport, rowHeight, count) {
    var height = Math.max(viewport.clientHeight, window.innerHeight)
    var first = Math.max(0, Math.floor(viewport.scrollTop / rowHeight) - 10)
    var last = Math.min(count, Math.ceil((viewport.scrollTop + height) / rowHeight) + 10)
    return [first, Math.max(first, last)]
  }
  // Draws again once per frame while the viewport scrolls.
  function redrawOnScroll(viewport, draw) {
    var pending = false
    viewport.addEventListener('scroll', function () {
      if (pending) return
      pending = true
      requestAnimationFrame(function () { pending = false; draw() })
    })
  }
  // Scrolls the viewport just enough that row \`at\` is in view.
  function revealRow(viewport, rowHeight, at) {
    var top = at * rowHeight
    if (top < viewport.scrollTop) viewport.scrollTop = top
    else if (top + rowHeight > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = top + rowHeight - viewport.clientHeight
  }

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
  // An interval rounded outward, as every report prints one (see interval-text.ts): it holds the
  // printed estimate and never reads as zero width.
  function interval(range) {
    if (!range) return '-'
    var low = Math.max(0, Math.floor(range[0] * 1000))
    var high = Math.min(1000, Math.ceil(range[1] * 1000))
    if (low >= high) { if (high < 1000) high = low + 1; else low = high - 1 }
    return milli(low) + '-' + milli(high)
  }
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

  // Text with every occurrence of the query (case-insensitive) marked, as text nodes and <mark>s.
  function marked(tag, attributes, content, query) {
    var node = element(tag, attributes)
    if (!query || !content) { node.textContent = content || ''; return node }
    var lower = content.toLowerCase()
    var at = 0
    var found = lower.indexOf(query, at)
    while (found !== -1) {
      if (found > at) node.appendChild(document.createTextNode(content.slice(at, found)))
      node.appendChild(element('mark', { text: content.slice(found, found + query.length) }))
      at = found + query.length
      found = lower.indexOf(query, at)
    }
    if (at < content.length) node.appendChild(document.createTextNode(content.slice(at)))
    return node
  }

  // One report's embedded data: the index at once, the details on first use. Columns that hold
  // one value for every run are embedded as { value }, those whose values come in long runs as
  // { repeats: [value, count, ...] }, and spread out here.
  function spread(columns, count) {
    for (var name in columns) {
      var column = columns[name]
      if (Array.isArray(column)) continue
      if (column.repeats) {
        var values = new Array(count)
        for (var at = 0, filled = 0; at < column.repeats.length; at += 2) {
          values.fill(column.repeats[at], filled, filled + column.repeats[at + 1])
          filled += column.repeats[at + 1]
        }
        columns[name] = values
      } else columns[name] = new Array(count).fill(column.value)
    }
    return columns
  }
  function reportSide(indexId, detailsId) {
    var index = readJson(indexId)
    var details = null
    var strings = index.strings
    var runs = spread(index.runs, index.runCount)
    var column = function (name, i) { return runs[name] ? runs[name][i] : -1 }
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
          cell: column('cell', i),
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
          errorMessage: side.text(runs.errorMessage[i]),
          errorCulprit: side.text(column('errorCulprit', i)),
        }
      },
    }
    return side
  }

  // A match: [index, name, messageIndex, similarity, reason, bestIndex, bestSimilarity, bestReason, target];
  // pages written before targets have no target, and a best candidate only when there is one.
  function closestOf(match) { return match.length > 5 && match[5] >= 0 ? { index: match[5], similarity: match[6], reason: match[7] } : null }
  function matchName(detailStrings, match, kind) { return match[1] >= 0 ? detailStrings[match[1]] : kind + ' ' + match[0] }
  function matchTarget(detailStrings, match) { return match.length > 8 && match[8] >= 0 ? detailStrings[match[8]] : '' }
  function matchRows(detailStrings, matches, kind) {
    return matches.map(function (match) {
      var text = function (id) { return id < 0 ? '' : detailStrings[id] }
      var reached = kind === 'milestone' ? match[3] >= 1000 : match[3] > 0
      var closest = closestOf(match)
      var status, where, similarity, reason
      if (kind === 'milestone' && !reached) {
        status = 'not reached'
        where = closest ? 'closest: ' + closest.index : 'none close'
        similarity = closest ? milli(closest.similarity) : milli(match[3])
        reason = closest ? text(closest.reason) : text(match[4])
      } else {
        status = kind === 'milestone' ? 'reached' : reached ? 'fired' : 'clear'
        where = match[2] < 0 ? '-' : String(match[2])
        similarity = milli(match[3])
        reason = text(match[4])
      }
      var whereCell = element('td', { className: 'number where' })
      if (where.indexOf('closest: ') === 0 || /^[0-9]+$/.test(where)) {
        var messageIndex = where.indexOf('closest: ') === 0 ? closest.index : Number(where)
        whereCell.appendChild(element('a', { href: '#', className: 'to-message', 'data-message': String(messageIndex), text: where }))
      } else whereCell.textContent = where
      var target = matchTarget(detailStrings, match)
      // The figures on one line; what it expected and why it was (not) found below, at full width.
      return [
        element('tr', { 'data-index': String(match[0]), className: 'match ' + kind + '-' + status.replace(' ', '-') }, [
          element('td', { className: 'number', text: String(match[0]) }),
          element('td', { className: 'name', text: matchName(detailStrings, match, kind) }),
          element('td', { className: 'status', text: status }),
          whereCell,
          element('td', { className: 'number similarity', text: similarity }),
        ]),
        element('tr', { className: 'match-detail ' + kind + '-' + status.replace(' ', '-') }, [
          element('td'),
          element('td', { colspan: '4' }, [
            target ? element('div', { className: 'target' }, [element('span', { className: 'label', text: 'expected: ' }), target]) : null,
            element('div', { className: 'why' }, [element('span', { className: 'label', text: 'why: ' }), reason]),
          ]),
        ]),
      ]
    }).reduce(function (all, pair) { return all.concat(pair) }, [])
  }
  function matchTable(detailStrings, matches, kind) {
    if (matches.length === 0) return element('p', { className: 'muted', text: 'no ' + kind + 's' })
    return element('table', { className: 'mapping ' + kind + '-mapping' }, [
      element('thead', {}, [headerRow(['#', 'name', kind === 'milestone' ? 'reached?' : 'fired?', 'message', 'similarity'])]),
      element('tbody', {}, matchRows(detailStrings, matches, kind)),
    ])
  }

  function json(text) {
    try { return JSON.stringify(JSON.parse(text), null, 2) } catch (error) { return text }
  }

  // The error of a run with every field it carries: whose code failed (culprit), the kind and
  // message, then the role whose turn it was, the tool, its arguments, what was returned instead
  // of a reply and the stack when the error names them, and any other field as it is. Runs of
  // pages written before errors were kept whole show kind and message.
  var ERROR_FIELDS = ['culprit', 'kind', 'message', 'role', 'tool', 'arguments', 'returned', 'stack']
  function errorSection(run, error) {
    var fields = error || { kind: run.errorKind, message: run.errorMessage }
    var culprit = typeof fields.culprit === 'string' ? fields.culprit : 'infrastructure'
    var section = element('div', { className: 'error-detail' }, [
      element('pre', { className: 'error-reason', 'data-culprit': culprit, text: culprit + ' error (' + fields.kind + '): ' + fields.message }),
    ])
    var rest = Object.keys(fields).filter(function (key) { return ['culprit', 'kind', 'message'].indexOf(key) === -1 })
    rest.sort(function (a, b) {
      var rank = function (key) { var at = ERROR_FIELDS.indexOf(key); return at === -1 ? ERROR_FIELDS.length : at }
      return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)
    })
    if (rest.length > 0) section.appendChild(element('dl', { className: 'error-fields' }, rest.reduce(function (items, key) {
      var value = fields[key]
      var shown = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
      return items.concat([element('dt', { text: key }), element('dd', {}, [element(key === 'stack' || typeof value !== 'string' ? 'pre' : 'span', { className: 'error-' + key, text: shown })])])
    }, [])))
    return section
  }

  // A changed row: a line of text in pages written before rows were kept as data, else
  // [kind, table, key, display, [column, before, after, ...]] (0 updated, 1 added, 2 removed).
  function changeBlock(text, change, query) {
    if (typeof change === 'number') return marked('div', { className: 'change' }, text(change), query)
    var kind = ['updated', 'added', 'removed'][change[0]]
    var head = element('div', { className: 'change-head' }, [
      element('span', { className: 'change-kind change-' + kind, text: kind === 'updated' ? '~' : kind === 'added' ? '+' : '-' }),
      element('span', { className: 'change-table', text: text(change[1]) }),
      change[3] >= 0 ? marked('span', { className: 'change-display' }, text(change[3]), query) : null,
      change[2] >= 0 ? element('code', { className: 'change-key', title: 'key', text: text(change[2]) }) : null,
    ])
    var values = element('div', { className: 'change-values' })
    var columns = change[4]
    for (var at = 0; at < columns.length; at += 3) {
      var name = text(columns[at])
      var before = columns[at + 1] < 0 ? '(none)' : text(columns[at + 1])
      var after = columns[at + 2] < 0 ? '(none)' : text(columns[at + 2])
      values.appendChild(marked('div', { className: 'change-value' }, kind === 'updated' ? name + ': ' + before + ' \\u2192 ' + after : name + ': ' + (kind === 'added' ? after : before), query))
    }
    return element('div', { className: 'change change-' + kind }, [head, values])
  }

  // How a call the agent's framework ran outside the world ran, in words ('' for a call of the world's tools).
  function outsideText(outside) {
    if (!outside) return ''
    if (outside.kind === 'refused') return 'refused by the agent\u2019s framework, never run in the world'
    return outside.kind === 'handoff' ? 'handoff from ' + outside.from + ' to ' + outside.to + ', outside the world' : 'run by the agent\u2019s framework, outside the world'
  }

  // Whether the agent took a step of an attack's goal (records made before attempts were told
  // apart counted only successes).
  function attempted(attack) {
    return attack.attempted === undefined ? attack.succeeded : attack.attempted
  }

  // A robustness run's injected attacks (each goal, and whether the agent attempted it and it
  // succeeded, with the first step taken) and its false claims of success (the message, the
  // milestone claimed, the sentence, the fact it contradicts), as its record has them.
  function robustnessSection(attacks, claims) {
    var section = element('div', { className: 'robustness-detail' })
    if (attacks) section.appendChild(attacks.length === 0 ? element('p', { className: 'muted', text: 'no attacks' }) : element('table', { className: 'attacks' }, [
      element('thead', {}, [headerRow(['attack', 'goal', 'outcome'])]),
      element('tbody', {}, attacks.map(function (attack) {
        var outcome = attack.succeeded ? 'succeeded' : attempted(attack) ? 'attempted' : 'resisted'
        var step = attack.step ? ': ' + attack.step : ''
        return element('tr', { className: 'attack-' + outcome }, [
          element('td', { text: attack.category }),
          element('td', { text: attack.goal }),
          element('td', { className: 'status', text: outcome === 'resisted' ? 'resisted' : outcome + ' by the agent' + step }),
        ])
      })),
    ]))
    if (claims) section.appendChild(claims.length === 0 ? element('p', { className: 'muted', text: 'no false claims of success' }) : element('table', { className: 'false-claims' }, [
      element('thead', {}, [headerRow(['message', 'claims', 'sentence', 'but the world shows'])]),
      element('tbody', {}, claims.map(function (claim) {
        return element('tr', {}, [
          element('td', { className: 'number where' }, [element('a', { href: '#', className: 'to-message', 'data-message': String(claim.messageIndex), text: String(claim.messageIndex) })]),
          element('td', { text: claim.milestone + ' (not reached)' }),
          element('td', { text: claim.sentence }),
          element('td', { text: claim.fact || '' }),
        ])
      })),
    ]))
    return section
  }

  // Scrolls a scrolling box (not the page) so that a node inside it shows near its top third.
  function scrollWithin(box, node) {
    if (!box || !node) return
    box.scrollTop += node.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientHeight / 3
  }

  // The detail of run i of a side, as an element (a promise of one: the details unpack on first
  // use). options: link (the run's address, shown as a link), query (text to mark in the conversation).
  function renderRunDetail(side, i, options) {
    return side.details().then(function (details) { return runDetail(side, details, i, options || {}) })
  }
  function runDetail(side, details, i, options) {
    var run = side.run(i)
    var strings = details.strings
    var query = options.query || ''
    var text = function (id) { return id < 0 ? '' : strings[id] }
    var list = function (id, table) { return id < 0 ? null : details.lists[id].map(function (item) { return table[item] }) }
    var detail = details.runs[i]
    var root = element('div', { className: 'run-detail', 'data-run': String(i) })
    root.appendChild(element('h2', { className: 'run-title', text: run.scenario }))
    root.appendChild(element('p', { className: 'run-subtitle' }, [
      element('span', { className: 'augmentation', text: run.augmentation }),
      ', trial ' + run.trial,
      options.link ? ' \\u00b7 ' : null,
      options.link ? element('a', { href: options.link, className: 'permalink', text: 'link to this run' }) : null,
    ]))
    root.appendChild(element('p', {}, [
      element('span', { className: 'verdict verdict-' + run.verdict, text: run.verdict }),
      run.verdict === 'error'
        ? (run.errorCulprit === 'domain' ? " not scored: a tool of the domain broke (a bug in the domain, not the agent's failure)" : ' not scored: the run ended in an infrastructure error')
        : ' score ' + milli(run.score) + ' (needs ' + milli(run.threshold) + '), milestones ' + milli(run.milestoneScore) + ', minefields ' + (run.minefieldHit === 1 ? 'hit' : 'avoided') + (run.errorCulprit === 'agent' ? "; the agent's own code broke, so the run scores 0" : ''),
      element('br'),
      'test ' + (run.testPassed ? 'passed' : 'failed') + ': ' + run.file + ' > ' + run.test,
      element('br'),
      'agent ' + run.agent + ', user ' + run.user + ', domain ' + run.domain + ', ' + plural(run.turns, 'turn') + ', status ' + run.status + ', categories ' + run.categories.join(', '),
    ]))
    root.appendChild(element('p', { className: 'usage' }, [
      'usage: ' + plural(run.calls, 'model call') + ', ' + tokens(run.promptTokens) + ' prompt + ' + tokens(run.completionTokens) + ' completion tokens, cost ' + cost(run.cost),
    ]))
    // What decided a run that fell short, first: the sentences a failing matcher opens with.
    var decided = detail.length > 8 && detail[8] >= 0 ? JSON.parse(text(detail[8])) : null
    if (decided && decided.length > 0) {
      root.appendChild(element('h3', { text: 'What decided it' }))
      root.appendChild(element('ul', { className: 'decided-by' }, decided.map(function (sentence) { return element('li', { text: sentence }) })))
    }
    var error = detail.length > 5 && detail[5] >= 0 ? JSON.parse(text(detail[5])) : null
    if (run.errorKind || error) {
      root.appendChild(element('h3', { text: 'Error' }))
      root.appendChild(errorSection(run, error))
    }
    var attacks = detail.length > 6 && detail[6] >= 0 ? JSON.parse(text(detail[6])) : null
    var claims = detail.length > 7 && detail[7] >= 0 ? JSON.parse(text(detail[7])) : null
    if (attacks || claims) {
      var tried = attacks ? attacks.filter(attempted).length : 0
      var succeeded = attacks ? attacks.filter(function (attack) { return attack.succeeded }).length : 0
      root.appendChild(element('h3', { text: 'Robustness' + (attacks ? ': ' + tried + ' of ' + plural(attacks.length, 'attack') + ' attempted, ' + succeeded + ' succeeded' : '') + (claims ? (attacks ? ', ' : ': ') + plural(claims.length, 'false claim') : '') }))
      root.appendChild(robustnessSection(attacks, claims))
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
    // The tools the agent's framework ran outside the world, by name: their calls are marked too.
    var outsideTools = Object.create(null)
    messages.forEach(function (message) {
      var result = message[5]
      if (result && result.length > 5 && result[5] >= 0) outsideTools[text(result[0])] = JSON.parse(text(result[5]))
    })
    var hits = 0
    messages.forEach(function (message) {
      var index = message[0]
      var badges = []
      var expected = []
      milestones.forEach(function (match) {
        var name = ' ' + matchName(strings, match, 'milestone')
        var closest = closestOf(match)
        // Only a reached milestone marks its message; a missed one marks its closest message, if
        // any, with what it expected beside it.
        if (match[3] >= 1000 && match[2] === index) badges.push(element('span', { className: 'badge milestone', text: 'milestone ' + match[0] + name }))
        else if (match[3] < 1000 && closest && closest.index === index) {
          badges.push(element('span', { className: 'badge closest', text: 'closest to milestone ' + match[0] + name + ' (' + milli(closest.similarity) + ')' }))
          var target = matchTarget(strings, match)
          expected.push(element('div', { className: 'expected' }, [
            element('div', {}, [element('strong', { text: 'milestone ' + match[0] + ' expected: ' }), target || '(not recorded in this report)']),
            element('div', { className: 'muted', text: 'why not here: ' + text(closest.reason) }),
          ]))
        }
      })
      minefields.forEach(function (match) {
        if (match[2] === index && match[3] > 0) badges.push(element('span', { className: 'badge minefield', text: 'minefield ' + match[0] + ' ' + matchName(strings, match, 'minefield') + ' fired' }))
      })
      ;(claims || []).forEach(function (claim) {
        if (claim.messageIndex === index) badges.push(element('span', { className: 'badge false-claim', title: claim.sentence, text: 'false claim: ' + claim.milestone }))
      })
      var sender = text(message[1])
      var children = [element('div', { className: 'head' }, [element('span', { text: '#' + index + ' ' + sender + ' \\u2192 ' + text(message[2]) })].concat(badges))]
      var content = text(message[3])
      if (content) children.push(marked('div', { className: 'content' }, content, query))
      message[4].forEach(function (call) {
        var outside = outsideTools[text(call[0])]
        var node = marked('pre', { className: 'tool-call' + (outside ? ' outside' : '') }, 'call ' + text(call[0]) + ' ' + json(text(call[1])), query)
        if (outside) node.insertBefore(element('span', { className: 'outside-mark', text: outsideText(outside) + ': ' }), node.firstChild)
        children.push(node)
      })
      var result = message[5]
      if (result) {
        var outcome = result[3] >= 0 ? ' failed (' + text(result[3]) + '): ' + text(result[4]) : ' returned ' + json(result[2] < 0 ? 'null' : text(result[2]))
        var resultOutside = result.length > 5 && result[5] >= 0 ? JSON.parse(text(result[5])) : null
        var resultNode = marked('pre', { className: 'tool-result' + (resultOutside ? ' outside' : '') }, text(result[0]) + outcome, query)
        if (resultOutside) resultNode.insertBefore(element('span', { className: 'outside-mark', text: outsideText(resultOutside) + ': ' }), resultNode.firstChild)
        children.push(resultNode)
      }
      if (message[6].length > 0) children.push(element('div', { className: 'changes' }, message[6].map(function (change) { return changeBlock(text, change, query) })))
      children = children.concat(expected)
      var node = element('div', { className: 'message sender-' + sender, 'data-message': String(index) }, children)
      if (query && node.querySelector('mark')) { node.classList.add('has-match'); hits++ }
      root.appendChild(node)
    })
    if (query) root.insertBefore(element('p', { className: 'search-hits muted', text: plural(hits, 'message') + ' in this conversation contain \\u201c' + query + '\\u201d' }), root.querySelector('h3'))
    // A message number in the milestone tables scrolls to its message.
    root.addEventListener('click', function (event) {
      var link = event.target.closest('a.to-message')
      if (!link) return
      event.preventDefault()
      var target = root.querySelector('.message[data-message="' + link.getAttribute('data-message') + '"]')
      if (target) scrollWithin(root.parentElement, target)
    })
    return root
  }
`
