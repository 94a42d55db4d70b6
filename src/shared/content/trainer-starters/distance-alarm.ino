// Distance alarm: the distance sensor measures how far away things are.
// Closer than 20 cm, the buzzer beeps and the red LED lights up.
// Try it: change ALARM_CM, or play a higher note.

const int TRIG_PIN = 7;     // the distance sensor's TRIG: "send a sound now"
const int ECHO_PIN = 4;     // its ECHO: HIGH for as long as the sound took to come back
const int BUZZER_PIN = 8;   // the buzzer
const int RED_LED_PIN = 6;  // the red LED
const int ALARM_CM = 20;    // beep when something is closer than this

// Measures the distance in centimetres.
long readDistanceCm() {
  digitalWrite(TRIG_PIN, LOW);
  delayMicroseconds(2);
  digitalWrite(TRIG_PIN, HIGH);  // a 10 microsecond pulse sends the sound
  delayMicroseconds(10);
  digitalWrite(TRIG_PIN, LOW);
  long echoTime = pulseIn(ECHO_PIN, HIGH, 30000);  // microseconds, 0 if no echo
  return echoTime / 58;  // sound goes there and back: 58 microseconds for each cm
}

void setup() {
  pinMode(TRIG_PIN, OUTPUT);
  pinMode(ECHO_PIN, INPUT);
  pinMode(BUZZER_PIN, OUTPUT);
  pinMode(RED_LED_PIN, OUTPUT);
  Serial.begin(9600);
}

void loop() {
  long distance = readDistanceCm();
  Serial.print("Distance: ");
  Serial.print(distance);
  Serial.println(" cm");

  if (distance > 0 && distance < ALARM_CM) {
    tone(BUZZER_PIN, 1000);  // a 1000 Hz note until noTone()
    digitalWrite(RED_LED_PIN, HIGH);
  } else {
    noTone(BUZZER_PIN);
    digitalWrite(RED_LED_PIN, LOW);
  }
  delay(100);
}
