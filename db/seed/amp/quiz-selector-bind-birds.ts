// Hand-written AMP4EMAIL: a quiz where amp-selector records the answer and amp-bind reveals the
// matching feedback (hidden attribute bound to state).
export const html = `<!doctype html>
<html ⚡4email data-css-strict lang="en">
<head>
<meta charset="utf-8">
<script async src="https://cdn.ampproject.org/v0.js"></script>
<script async custom-element="amp-selector" src="https://cdn.ampproject.org/v0/amp-selector-0.1.js"></script>
<script async custom-element="amp-bind" src="https://cdn.ampproject.org/v0/amp-bind-0.1.js"></script>
<style amp4email-boilerplate>body{visibility:hidden}</style>
<style amp-custom>
body { margin: 0; background-color: #ecfeff; }
.wrap { max-width: 600px; margin: 0 auto; background-color: #ffffff; font-family: Arial, Helvetica, sans-serif; color: #134e4a; }
.brand { padding: 20px 24px; font-size: 20px; font-weight: bold; border-bottom: 1px solid #99f6e4; }
.content { padding: 24px; }
h1 { margin: 0 0 12px 0; font-size: 26px; line-height: 32px; }
h2 { margin: 24px 0 8px 0; font-size: 18px; }
p { margin: 0 0 12px 0; font-size: 16px; line-height: 24px; }
.choices { display: block; }
.choice { display: block; padding: 12px 16px; margin: 0 0 8px 0; border: 1px solid #99f6e4; border-radius: 8px; cursor: pointer; }
.choice[selected] { border-color: #0f766e; background-color: #f0fdfa; outline: none; }
.right { background-color: #dcfce7; padding: 12px 16px; border-radius: 8px; }
.wrong { background-color: #fef3c7; padding: 12px 16px; border-radius: 8px; }
.score { font-weight: bold; margin-top: 20px; }
.footer { padding: 24px; font-size: 13px; line-height: 20px; color: #475569; text-align: center; }
.footer a { color: #475569; }
</style>
</head>
<body>
<amp-state id="quiz">
  <script type="application/json">{"q1": "", "q2": ""}</script>
</amp-state>
<div class="wrap">
  <div class="brand">Tern Bird Trust</div>
  <div class="content">
    <h1>Big Garden Birdwatch: warm-up quiz</h1>
    <p>The count is on 25 January. Two questions to sharpen your eye.</p>

    <h2>1. Which bird has a black cap and white cheeks?</h2>
    <amp-selector class="choices" layout="container" name="q1" on="select:AMP.setState({quiz: {q1: event.targetOption}})">
      <div class="choice" option="robin">Robin</div>
      <div class="choice" option="great-tit">Great tit</div>
      <div class="choice" option="wren">Wren</div>
    </amp-selector>
    <p class="right" hidden [hidden]="quiz.q1 != 'great-tit'">Right! The great tit also has a black stripe down its yellow chest — wider on males.</p>
    <p class="wrong" hidden [hidden]="quiz.q1 == '' || quiz.q1 == 'great-tit'">Not quite: it is the great tit. Look for the black stripe down its yellow chest.</p>

    <h2>2. Which of these birds often feeds on the ground under feeders?</h2>
    <amp-selector class="choices" layout="container" name="q2" on="select:AMP.setState({quiz: {q2: event.targetOption}})">
      <div class="choice" option="dunnock">Dunnock</div>
      <div class="choice" option="swift">Swift</div>
      <div class="choice" option="treecreeper">Treecreeper</div>
    </amp-selector>
    <p class="right" hidden [hidden]="quiz.q2 != 'dunnock'">Right! Dunnocks shuffle under feeders picking up what other birds drop.</p>
    <p class="wrong" hidden [hidden]="quiz.q2 == '' || quiz.q2 == 'dunnock'">Not quite: it is the dunnock. Swifts never land on the ground, and treecreepers stay on tree trunks.</p>

    <p class="score" hidden [hidden]="quiz.q1 == '' || quiz.q2 == ''" [text]="'You got ' + ((quiz.q1 == 'great-tit' ? 1 : 0) + (quiz.q2 == 'dunnock' ? 1 : 0)) + ' out of 2. Ready for the count!'">You got 0 out of 2.</p>
    <p><a href="https://ternbirdtrust.example/birdwatch/register" target="_blank">Register for the Birdwatch</a></p>
  </div>
  <div class="footer">
    <p>Tern Bird Trust, The Old Boathouse, Norwich NR1 1BY, United Kingdom. Registered charity 1098231.</p>
    <p><a href="{{UNSUBSCRIBE_URL}}" target="_blank">Unsubscribe</a></p>
  </div>
</div>
</body>
</html>
`;
