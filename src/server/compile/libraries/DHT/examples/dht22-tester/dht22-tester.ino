// A DHT22 (AM2302) on pin 2: tenths of a degree and of a percent, below zero too.
#include <DHT.h>

DHT dht(2, DHT22);

void setup() {
  Serial.begin(9600);
  dht.begin();
}

void loop() {
  delay(2000);
  Serial.print(F("Humidity: "));
  Serial.print(dht.readHumidity(), 1);
  Serial.print(F("%  Temperature: "));
  Serial.print(dht.readTemperature(), 1);
  Serial.println(F("C"));
}
