// Dimmer: turn the knob (the potentiometer) and the yellow LED gets brighter or dimmer.
// Try it: open the serial monitor to see the numbers.

const int KNOB_PIN = A0;       // the potentiometer on the trainer board
const int YELLOW_LED_PIN = 5;  // the yellow LED (a "~" pin: it can dim)

void setup() {
  pinMode(YELLOW_LED_PIN, OUTPUT);
  Serial.begin(9600);  // talk to the serial monitor
}

void loop() {
  int knob = analogRead(KNOB_PIN);  // 0 (turned left) ... 1023 (turned right)
  // analogWrite takes 0 (off) ... 255 (full): map() turns one range into the other.
  int brightness = map(knob, 0, 1023, 0, 255);
  analogWrite(YELLOW_LED_PIN, brightness);

  Serial.print("Knob: ");
  Serial.print(knob);
  Serial.print("  Brightness: ");
  Serial.println(brightness);
  delay(100);
}
