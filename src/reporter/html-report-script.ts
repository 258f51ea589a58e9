/**
 * The HTML report's script, inlined into the page. It reads the embedded data and builds every
 * element with `textContent`, never `innerHTML`, so text written by a model (which may contain
 * markup) is always shown as text.
 */
export const HTML_REPORT_SCRIPT = `
(function () {
  'use strict'
  var data = JSON.parse(document.getElementById('toolcheck-data').textContent)
  var report = data.report
  var transcripts = data.transcripts

  function element(tag, attributes, children) {
    var node = document.createElement(tag)
    for (var key in attributes || {}) {
      if (key === 'text') node.textContent = attributes[key]
      else if (key === 'className') node.className = attributes[key]
      else node.setAttribute(key, attributes[key])
    }
    for (var index = 0; index < (children || []).length; index++) {
      var child = children[index]
      if (child !== null && child !== undefined) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child)
    }
    return node
  }
  function fixed(value) { return value === null || value === undefined ? '-' : Number(value).toFixed(3) }
  function verdict(run) { return run.status === 'error' ? 'error' : run.passed ? 'passed' : 'failed' }
  function json(value) { return JSON.stringify(value, null, 2) }

  function fillSelect(id, values) {
    var select = document.getElementById(id)
    values.forEach(function (value) { select.appendChild(element('option', { value: value, text: value })) })
    select.addEventListener('change', renderRuns)
  }
  var categories = Object.keys(report.summary.byCategory)
  var augmentations = Object.keys(report.summary.byAugmentation)
  fillSelect('filter-category', categories)
  fillSelect('filter-augmentation', augmentations)
  document.getElementById('filter-status').addEventListener('change', renderRuns)
  document.getElementById('filter-text').addEventListener('input', renderRuns)

  function summaryTable(title, groups) {
    var body = Object.keys(groups).map(function (name) {
      var group = groups[name]
      return element('tr', {}, [
        element('td', { text: name }),
        element('td', { className: 'number', text: String(group.runs) }),
        element('td', { className: 'number', text: fixed(group.meanScore) }),
        element('td', { className: 'number', text: group.meanTurns === null ? '-' : group.meanTurns.toFixed(1) }),
        element('td', { className: 'number', text: String(group.errors) }),
      ])
    })
    return element('table', {}, [
      element('thead', {}, [element('tr', {}, [title, 'runs', 'score', 'turns', 'errors'].map(function (text) { return element('th', { text: text }) }))]),
      element('tbody', {}, body),
    ])
  }
  var summaryNode = document.getElementById('summary')
  summaryNode.appendChild(summaryTable('category', report.summary.byCategory))
  summaryNode.appendChild(summaryTable('augmentation', report.summary.byAugmentation))

  var selected = -1
  function renderRuns() {
    var category = document.getElementById('filter-category').value
    var augmentation = document.getElementById('filter-augmentation').value
    var status = document.getElementById('filter-status').value
    var text = document.getElementById('filter-text').value.toLowerCase()
    var body = document.getElementById('runs-body')
    body.textContent = ''
    var shown = 0
    report.runs.forEach(function (run, index) {
      if (category && run.categories.indexOf(category) === -1) return
      // A run matches every augmentation column it counts under (a sweep's combined ones, several).
      if (augmentation && run.augmentationColumns.indexOf(augmentation) === -1) return
      if (status && verdict(run) !== status) return
      if (text && run.scenario.toLowerCase().indexOf(text) === -1 && run.test.toLowerCase().indexOf(text) === -1) return
      shown++
      var row = element('tr', { className: 'run' + (index === selected ? ' selected' : ''), 'data-run': String(index), tabindex: '0' }, [
        element('td', { text: run.scenario }),
        element('td', { className: 'muted', text: run.test }),
        element('td', { text: run.augmentation }),
        element('td', { className: 'number', text: String(run.trial) }),
        element('td', { className: 'verdict-' + verdict(run), text: verdict(run) }),
        element('td', { className: 'number', text: fixed(run.score) }),
        element('td', { className: 'number', text: String(run.turns) }),
      ])
      row.addEventListener('click', function () { showRun(index) })
      row.addEventListener('keydown', function (event) { if (event.key === 'Enter') showRun(index) })
      body.appendChild(row)
    })
    document.getElementById('runs-count').textContent = shown + ' of ' + report.runs.length + ' runs'
  }

  function matchTable(title, matches, kind) {
    if (matches.length === 0) return element('p', { className: 'muted', text: 'no ' + title })
    return element('table', { className: kind + '-mapping' }, [
      element('thead', {}, [element('tr', {}, [kind, 'name', 'message', 'similarity', 'reason'].map(function (text) { return element('th', { text: text }) }))]),
      element('tbody', {}, matches.map(function (match) {
        return element('tr', { 'data-milestone': String(match.index) }, [
          element('td', { className: 'number', text: String(match.index) }),
          element('td', { text: match.name || '' }),
          element('td', { className: 'number', text: match.messageIndex < 0 ? 'none' : String(match.messageIndex) }),
          element('td', { className: 'number', text: fixed(match.similarity) }),
          element('td', { text: match.reason }),
        ])
      })),
    ])
  }

  function changesNode(changes) {
    return element('div', { className: 'changes' }, changes.map(function (change) {
      var parts = []
      change.added.forEach(function (row) { parts.push(element('div', {}, ['+ ' + change.table + ' ', element('code', { text: JSON.stringify(row) })])) })
      change.removed.forEach(function (row) { parts.push(element('div', {}, ['- ' + change.table + ' ', element('code', { text: JSON.stringify(row) })])) })
      change.updated.forEach(function (update) {
        var columns = update.columns.map(function (column) { return column + ': ' + JSON.stringify(update.before[column]) + ' -> ' + JSON.stringify(update.after[column]) })
        parts.push(element('div', {}, ['~ ' + change.table + ' ', element('code', { text: columns.join(', ') })]))
      })
      return element('div', {}, parts)
    }))
  }

  function showRun(index) {
    selected = index
    var run = report.runs[index]
    var transcript = transcripts[index]
    var details = document.getElementById('run-details')
    details.textContent = ''
    details.appendChild(element('h2', { text: run.scenario + ' (' + run.augmentation + ', trial ' + run.trial + ')' }))
    details.appendChild(element('p', {}, [
      element('span', { className: 'verdict-' + verdict(run), text: verdict(run) }),
      ' score ' + fixed(run.score) + ', milestones ' + fixed(run.milestoneScore) + ', minefield ' + (run.minefieldHit ? 'hit' : 'avoided') +
        ', ' + run.turns + (run.turns === 1 ? ' turn' : ' turns') + ', status ' + run.status + ', categories ' + run.categories.join(', ') + ', test ' + run.file + ' > ' + run.test,
    ]))
    if (run.error) details.appendChild(element('pre', { text: 'infrastructure error (' + run.error.kind + '): ' + run.error.message }))
    details.appendChild(element('h2', { text: 'Milestones' }))
    details.appendChild(matchTable('milestones', run.milestones, 'milestone'))
    details.appendChild(element('h2', { text: 'Minefields' }))
    details.appendChild(matchTable('minefields', run.minefields, 'minefield'))
    details.appendChild(element('h2', { text: 'Conversation' }))
    if (!transcript) {
      details.appendChild(element('p', { className: 'muted', text: 'no transcript was attached to this run' }))
    } else {
      transcript.messages.forEach(function (message) {
        var badges = []
        run.milestones.forEach(function (match) {
          if (match.messageIndex === message.index)
            badges.push(element('span', { className: 'badge milestone' + (match.similarity < 1 ? ' partial' : ''), text: 'milestone ' + match.index + (match.name ? ' ' + match.name : '') + ' ' + fixed(match.similarity) }))
        })
        run.minefields.forEach(function (match) {
          if (match.messageIndex === message.index && match.similarity > 0)
            badges.push(element('span', { className: 'badge minefield', text: 'minefield ' + match.index + (match.name ? ' ' + match.name : '') + ' ' + fixed(match.similarity) }))
        })
        var children = [element('div', { className: 'head' }, [element('span', { text: '#' + message.index + ' ' + message.sender + ' -> ' + message.recipient })].concat(badges))]
        if (message.content) children.push(element('div', { className: 'content', text: message.content }))
        ;(message.toolCalls || []).forEach(function (call) { children.push(element('pre', { className: 'tool-call', text: 'call ' + call.name + ' ' + json(call.arguments) })) })
        if (message.toolResult) {
          var result = message.toolResult
          children.push(element('pre', { className: 'tool-result', text: result.tool + (result.error ? ' failed (' + result.error.kind + '): ' + result.error.message : ' returned ' + json(result.result === undefined ? null : result.result)) }))
        }
        if (message.changes) children.push(changesNode(message.changes))
        details.appendChild(element('div', { className: 'message sender-' + message.sender, 'data-message': String(message.index) }, children))
      })
    }
    renderRuns()
  }

  renderRuns()
})()
`
