// Blink: the red LED goes on for half a second, then off for half a second, for ever.
// Try it: change 500 to 100 and the LED blinks fast.

const int RED_LED_PIN = 6;  // the red LED on the trainer board

// setup() runs once, when the board starts.
void setup() {
  pinMode(RED_LED_PIN, OUTPUT);  // this pin sends power out to the LED
}

// loop() runs again and again, for ever.
void loop() {
  digitalWrite(RED_LED_PIN, HIGH);  // LED on
  delay(500);                       // wait 500 milliseconds (half a second)
  digitalWrite(RED_LED_PIN, LOW);   // LED off
  delay(500);
}
